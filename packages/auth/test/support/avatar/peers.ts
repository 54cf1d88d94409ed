/** The MongoDB-protocol test peer started by scripts/setup/20-ferretdb.sh. */
export function mongoTestURL(): string {
  const url = process.env.MONGODB_TEST_URL;
  if (!url) {
    throw new Error(
      'MONGODB_TEST_URL is not set: run `make test-setup` (scripts/setup/20-ferretdb.sh starts FerretDB ' +
        'and writes it to .data/test-env), then run the tests through scripts/test.sh or export it.',
    );
  }
  return url;
}

/** `url` pointed at its own database and collection, so test runs never see each other's avatars. */
export function mongoStoreURI(db: string, collection = 'avatars'): string {
  const url = new URL(mongoTestURL());
  url.searchParams.set('ava_db', db);
  url.searchParams.set('ava_coll', collection);
  return url.toString();
}
