/**
 * @module internal/optional-package
 * The packages one feature each needs (sharp for avatar pictures, lmdb for `bolt://` stores,
 * mongodb for `mongodb://` stores, nodemailer for the e-mail sender) are optional peer
 * dependencies: an application that only wants the middleware does not install 60 MB of native
 * code it never runs. Each is imported when its feature is first used, and a missing one is
 * reported naming the feature and the exact install command, with the range this package was
 * tested with (read from its package.json, so the message and the declaration cannot disagree).
 */
import { readFileSync } from 'node:fs';

export type OptionalPackage = 'sharp' | 'lmdb' | 'mongodb' | 'nodemailer';

/** The error thrown when the package a feature needs is not installed; `code` is stable. */
export class MissingPackageError extends Error {
  readonly code = 'ERR_MISSING_PACKAGE';
  readonly packageName: OptionalPackage;
  constructor(name: OptionalPackage, feature: string, cause: unknown) {
    super(
      `@gatehouse/auth: ${feature} needs the package ${name}, which is not installed: npm install '${name}@${peerRange(name)}'`,
      {
        cause,
      },
    );
    this.name = 'MissingPackageError';
    this.packageName = name;
  }
}

/** The range of `name` in this package's peerDependencies. */
function peerRange(name: OptionalPackage): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    peerDependencies?: Record<string, string>;
  };
  return manifest.peerDependencies?.[name] ?? 'latest';
}

/**
 * Runs `load` (a literal `import('<name>')`, so bundlers and TypeScript still see it) and turns
 * "package not found" for `name` itself into a {@link MissingPackageError}; any other failure,
 * such as a native library that does not load, is rethrown as it is.
 */
export async function importOptional<T>(
  name: OptionalPackage,
  feature: string,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ERR_MODULE_NOT_FOUND' && message.includes(`'${name}'`)) {
      throw new MissingPackageError(name, feature, error);
    }
    throw error;
  }
}
