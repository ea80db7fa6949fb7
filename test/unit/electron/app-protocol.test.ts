import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_SCHEME_PRIVILEGES,
  contentTypeOf,
  handleAppProtocol,
  PRODUCTION_CSP,
  rendererFileUrl,
  serveAppRequest,
} from '../../../src/main/electron/appProtocol.ts';

const rendererDir = new URL('file:///app/out/renderer/');

describe('rendererFileUrl', () => {
  it.each([
    ['app://renderer/', 'file:///app/out/renderer/index.html'],
    ['app://renderer/index.html', 'file:///app/out/renderer/index.html'],
    ['app://renderer/assets/index-Ku0ZRXkH.js', 'file:///app/out/renderer/assets/index-Ku0ZRXkH.js'],
    ['app://renderer/assets/a%20b.png?v=1#x', 'file:///app/out/renderer/assets/a%20b.png'],
    ['app://renderer/assets/../index.html', 'file:///app/out/renderer/index.html'],
  ])('maps %s inside out/renderer', (request, file) => {
    expect(rendererFileUrl(request, rendererDir)?.href).toBe(file);
  });

  it.each([
    ['app://renderer/assets/..%2f..%2f..%2fetc%2fpasswd', 'encoded slashes'],
    ['app://renderer/assets/..%5c..%5cwindows%5cwin.ini', 'encoded backslashes'],
    ['app://renderer/C:%5cWindows%5cwin.ini', 'a drive letter'],
    ['app://renderer/index.html%00.png', 'a NUL byte'],
    ['app://renderer/%E0%A4%A', 'broken percent-encoding'],
    ['app://renderer//etc/passwd', 'an empty segment'],
    ['app://renderer/assets/', 'a folder'],
    ['app://other/index.html', 'another host'],
    ['app://user@renderer/index.html', 'credentials'],
    ['file:///etc/passwd', 'another scheme'],
    ['nonsense', 'not a URL'],
  ])('refuses %s (%s)', (request) => {
    expect(rendererFileUrl(request, rendererDir)).toBeNull();
  });

  it('keeps dot segments above the root inside the folder, as the URL parser clamps them there', () => {
    expect(rendererFileUrl('app://renderer/../../etc/passwd', rendererDir)?.href).toBe('file:///app/out/renderer/etc/passwd');
    expect(rendererFileUrl('app://renderer/%2e%2e/%2E%2e/etc/passwd', rendererDir)?.href).toBe('file:///app/out/renderer/etc/passwd');
  });

  it('refuses everything when the renderer folder URL does not end in a slash', () => {
    expect(rendererFileUrl('app://renderer/index.html', new URL('file:///app/out/renderer'))).toBeNull();
  });
});

describe('serveAppRequest', () => {
  let root: string;
  let dir: URL;
  /** Stands in for net.fetch on file: URLs: reads the real file, rejects like Chromium when missing. */
  const fetchFile = async (url: string) => new Response(await readFile(fileURLToPath(url)));

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'app-protocol-'));
    mkdirSync(join(root, 'renderer', 'assets'), { recursive: true });
    writeFileSync(join(root, 'renderer', 'index.html'), '<!doctype html><title>Social Inbox</title>');
    writeFileSync(join(root, 'renderer', 'assets', 'main.js'), 'console.log(1)');
    writeFileSync(join(root, 'secret.txt'), 'outside the renderer folder');
    dir = pathToFileURL(join(root, 'renderer') + '/');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('serves the page with the strict CSP as a response header', async () => {
    const response = await serveAppRequest({ url: 'app://renderer/index.html', method: 'GET' }, { rendererDir: dir, fetchFile });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Social Inbox</title>');
    expect(response.headers.get('content-security-policy')).toBe(PRODUCTION_CSP);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves module scripts as JavaScript whatever the file reader says', async () => {
    const response = await serveAppRequest({ url: 'app://renderer/assets/main.js', method: 'GET' }, { rendererDir: dir, fetchFile });
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toBe('console.log(1)');
  });

  it('answers 404 for a missing file and for a path that escapes, never reading outside', async () => {
    const read: string[] = [];
    const spying = async (url: string) => (read.push(url), fetchFile(url));
    expect((await serveAppRequest({ url: 'app://renderer/missing.js', method: 'GET' }, { rendererDir: dir, fetchFile: spying })).status).toBe(404);
    const escape = await serveAppRequest({ url: 'app://renderer/..%2fsecret.txt', method: 'GET' }, { rendererDir: dir, fetchFile: spying });
    expect(escape.status).toBe(404);
    expect(await escape.text()).not.toContain('outside');
    expect(read.every((url) => url.startsWith(dir.href))).toBe(true);
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await serveAppRequest({ url: 'app://renderer/index.html', method: 'POST' }, { rendererDir: dir, fetchFile });
    expect(response.status).toBe(405);
  });

  it('registers the handler for the app scheme only', async () => {
    const schemes: string[] = [];
    handleAppProtocol({ handle: (scheme) => void schemes.push(scheme) }, { rendererDir: dir, fetchFile });
    expect(schemes).toEqual(['app']);
  });
});

describe('the app scheme', () => {
  it('is standard and secure, so it is a real origin where self and the fetch API work', () => {
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } });
    expect(APP_SCHEME_PRIVILEGES.privileges).not.toHaveProperty('bypassCSP');
  });

  it('sends a CSP without inline script, eval, remote hosts or frames', () => {
    expect(PRODUCTION_CSP).toContain("default-src 'none'");
    expect(PRODUCTION_CSP).toContain("script-src 'self'");
    expect(PRODUCTION_CSP).toContain("object-src 'none'");
    expect(PRODUCTION_CSP).toContain("frame-ancestors 'none'");
    expect(PRODUCTION_CSP).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
  });

  it('knows the content types of what the renderer build contains', () => {
    expect(contentTypeOf(new URL('file:///a/x.css'))).toBe('text/css; charset=utf-8');
    expect(contentTypeOf(new URL('file:///a/x.PNG'))).toBe('image/png');
    expect(contentTypeOf(new URL('file:///a/x'))).toBe('application/octet-stream');
  });
});
