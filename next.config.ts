import type { NextConfig } from 'next';

const isDev = process.env.NODE_ENV !== 'production';

/** Origins outside this site that the browser must reach, when configured. */
function externalOrigins() {
  const origin = (url: string | undefined) => {
    try {
      return url ? new URL(url).origin : null;
    } catch {
      return null;
    }
  };
  const apiHost = origin(process.env.NEXT_PUBLIC_API_HOST);
  const authDomain = process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN;
  const firebase = Boolean(process.env.NEXT_PUBLIC_FIREBASE_API_KEY && authDomain && process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID);
  return {
    connect: [
      // The meeting signalling socket goes to the API host too (ws: or wss:).
      ...(apiHost ? [apiHost, apiHost.replace(/^http/, 'ws')] : []),
      ...(firebase ? ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'] : []),
    ],
    // Firebase's Google popup talks to the page through an iframe on the auth domain.
    frame: firebase ? [`https://${authDomain}`] : [],
    script: firebase ? ['https://apis.google.com'] : [],
  };
}

function contentSecurityPolicy(): string {
  const external = externalOrigins();
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // The dev server evaluates code (React Refresh) and inlines an HMR bootstrap;
    // production pages load only scripts from this origin. 'wasm-unsafe-eval'
    // lets them compile WebAssembly (meetings' noise suppression and background
    // blur, served from this origin too); it allows no eval() of JavaScript.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...(isDev ? ["'unsafe-eval'", "'unsafe-inline'"] : []), ...external.script],
    // antd's css-in-js and the server-extracted styles are inline <style> tags.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    // The dev server pushes updates over a WebSocket.
    'connect-src': ["'self'", ...(isDev ? ['ws:', 'wss:'] : []), ...external.connect],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", ...external.frame],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy() },
  // Browsers honour it only over HTTPS (behind a TLS proxy) and ignore it on plain HTTP, so it is always sent in production.
  ...(isDev ? [] : [{ key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' }]),
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // Meetings need the camera and microphone of this site only; nothing else is used.
  {
    key: 'Permissions-Policy',
    value: 'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=(), usb=()',
  },
  // Keeps window.opener for Firebase's sign-in popup while isolating the page from other sites.
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
];

/**
 * Build-time switches, inlined even when unset (as ''): with mocking off the
 * bundler drops msw entirely, and Google sign-in folds to a constant.
 */
const buildFlags = Object.fromEntries(
  [
    'NEXT_PUBLIC_API_MOCKING',
    'NEXT_PUBLIC_FIREBASE_API_KEY',
    'NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN',
    'NEXT_PUBLIC_FIREBASE_PROJECT_ID',
    'NEXT_PUBLIC_FIREBASE_APP_ID',
  ].map((name) => [name, process.env[name] ?? '']),
);

const nextConfig: NextConfig = {
  reactStrictMode: true,
  env: buildFlags,
  poweredByHeader: false,
  // `npm test` type-checks the whole project (web app, server and tests) on its own; checking the web
  // app again inside every build only made `npm start` and CI slower.
  typescript: { ignoreBuildErrors: true },
  compiler: { styledComponents: true },
  // Bundled rather than required at run time, so AntdProvider's StyleProvider and
  // antd's own imports share one copy of the css-in-js context.
  transpilePackages: ['@ant-design/cssinjs'],
  experimental: {
    // The shared Turbopack runtime inlines a bootstrap <script> into every
    // page, which the CSP (script-src 'self', no 'unsafe-inline') would block.
    turbopackSharedRuntime: false,
  },
  // The dev server is often opened as 127.0.0.1; allow its HMR socket there too.
  allowedDevOrigins: ['127.0.0.1'],
  async headers() {
    // The dev server serves a JSON manifest as a script, which nosniff would refuse.
    return [{ source: isDev ? '/((?!_next/static/development/).*)' : '/:path*', headers: securityHeaders }];
  },
  async rewrites() {
    // `next dev` alone can forward the API to a separately running service;
    // in production the custom server serves the API on the same port.
    const target = process.env.API_PROXY_URL?.replace(/\/$/, '');
    if (!isDev || !target) return [];
    return [{ source: '/api/v1/:path*', destination: `${target}/api/v1/:path*` }];
  },
};

export default nextConfig;
