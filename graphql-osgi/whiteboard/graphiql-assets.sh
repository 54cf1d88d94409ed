#!/usr/bin/env bash
# Packs GraphiQL into the whiteboard bundle at build time, so the page works with no network: the pinned
# npm packages below are fetched with npm (its cache makes later builds offline), checked against the
# pinned sha512 integrity, and the few files the page loads are copied to <out>/graphiql/ with their
# licences. Usage: graphiql-assets.sh <output directory>   (run by Maven in generate-resources)
set -euo pipefail
out="$1/graphiql"
# package@version  integrity (npm view <package>@<version> dist.integrity)  files to copy
PACKAGES=(
  "graphiql@3.9.0 sha512-rJYFlHdBbug9+YbFSwRVvgfPjCayC7wHecZkx/qB4XLuQPFQZw/yB9pmHFtOJV6RiNBBHro3u1GdocKa3YcGRA== graphiql.min.js graphiql.min.css LICENSE"
  "react@18.3.1 sha512-wS+hAgJShR0KhEvPJArfuPVN1+Hz1t0Y6n5jLrGQbkb4urgPE/0Rve+1kMB1v/oWgHgm4WIcV+i7F2pTVj+2iQ== umd/react.production.min.js LICENSE"
  "react-dom@18.3.1 sha512-5m4nQKp+rZRb09LNH59GM4BxTh9251/ylbKIbpe7TpGxfJ+9kv6BLkLBXIjjspbgbnIBNqlI23tRnTWT0snUIw== umd/react-dom.production.min.js LICENSE"
)
stamp="$1/../graphiql-assets.stamp"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "${PACKAGES[*]}" ]; then
  exit 0
fi
command -v npm >/dev/null || { echo "graphiql-assets.sh: npm is needed to fetch GraphiQL (Node.js >= 20)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$out"
mkdir -p "$out"
for entry in "${PACKAGES[@]}"; do
  read -r spec integrity files <<<"$entry"
  name=${spec%@*}
  packed=$(cd "$work" && npm pack "$spec" --prefer-offline --silent --json)
  actual=$(node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8"))[0].integrity)' <<<"$packed")
  if [ "$actual" != "$integrity" ]; then
    echo "graphiql-assets.sh: $spec has integrity $actual, pinned $integrity" >&2
    exit 1
  fi
  tarball=$(node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8"))[0].filename)' <<<"$packed")
  mkdir -p "$work/$name"
  tar -xzf "$work/$tarball" -C "$work/$name"
  for file in $files; do
    target="$out/$(basename "$file")"
    [ "$file" = LICENSE ] && target="$out/LICENSE.$name"
    cp "$work/$name/package/$file" "$target"
  done
done
echo "${PACKAGES[*]}" >"$stamp"
