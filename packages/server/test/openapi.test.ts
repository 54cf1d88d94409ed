/**
 * `GET /openapi.json` of the real service: a valid OpenAPI 3.1 document (checked by
 * @apidevtools/swagger-parser against the specification's schema), describing every route the app
 * registered (catch-all routes through the path items under their prefix), the login providers and
 * the routes of the webhook modules loaded now; `GET /docs` serves the documentation page.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { fromRemote, useApps } from './support/app.js';
import { useTempDirs } from './support/temp.js';

const start = useApps();
const tempDir = useTempDirs();

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { parameters?: { name: string; schema?: { enum?: string[] } }[] }>>;
}

const HOOKS = "export default class { handleHello(p) { return 'hi ' + p.name; } }";

/** The OpenAPI path of a Fastify route URL: `:name` becomes `{name}`, a trailing `*` `{*}`. */
function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
}

/** The methods an OpenAPI 3.1 path item has a field for; `app.all()` registers others too. */
const PATH_ITEM_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE'];

async function documentOf(url: string): Promise<OpenApiDocument> {
  const response = await fetch(`${url}/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as OpenApiDocument;
}

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document that describes every registered route', async () => {
    const modules = tempDir();
    writeFileSync(join(modules, 'hello.js'), HOOKS);
    const { url, app } = await start({ webhooks: { modulesDir: modules, isolation: 'none' } });
    const document = await documentOf(url);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Gatehouse');
    await SwaggerParser.validate(structuredClone(document) as never);

    const documented = Object.keys(document.paths);
    const missing: string[] = [];
    for (const route of app.gatehouseRoutes) {
      if (!PATH_ITEM_METHODS.includes(route.method)) continue; // HEAD mirrors GET; PROPFIND etc. have no field
      if (route.hidden) {
        // The docs page itself, or a catch-all described by the path items under its prefix.
        const prefix = route.url.replace(/\/\*$/, '');
        if (!route.url.startsWith('/docs') && !documented.some((path) => path.startsWith(`${prefix}/`)))
          missing.push(`${route.method} ${route.url} (no path under ${prefix}/)`);
        continue;
      }
      if (!document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
        missing.push(`${route.method} ${route.url}`);
    }
    expect(missing).toEqual([]);
    expect(app.gatehouseRoutes.length).toBeGreaterThan(100);
  });

  it('names the login providers and the routes of the loaded webhook modules', async () => {
    const modules = tempDir();
    const { url } = await start({ webhooks: { modulesDir: modules, isolation: 'none' } });
    const before = await documentOf(url);
    const provider = before.paths['/auth/{provider}/login']!.get!.parameters!.find(
      (p) => p.name === 'provider',
    );
    expect(provider!.schema!.enum).toEqual(['local']);
    expect(before.paths['/webhook/hello/handleHello']).toBeUndefined();

    writeFileSync(join(modules, 'hello.js'), HOOKS);
    let after = await documentOf(url);
    for (let i = 0; i < 200 && !after.paths['/webhook/hello/handleHello']; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25)); // the folder watcher loads it (bounded)
      after = await documentOf(url);
    }
    expect(Object.keys(after.paths['/webhook/hello/handleHello']!)).toEqual(['post']);
    expect(after.paths['/webhook/{module}/{method}']).toBeDefined();
  });

  it('is public like /ping, and GET /docs serves the documentation page over the same document', async () => {
    const { url } = await start();
    expect((await fetch(`${url}/openapi.json`, { headers: fromRemote })).status).toBe(200);
    const page = await fetch(`${url}/docs`, { headers: fromRemote });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const json = (await (await fetch(`${url}/docs/json`)).json()) as OpenApiDocument;
    expect(Object.keys(json.paths)).toEqual(Object.keys((await documentOf(url)).paths));
  });
});
