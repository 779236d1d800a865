/** @type {import('next').NextConfig} */
const nextConfig = {
  // better-sqlite3 is a native module: load it from node_modules at run time, never bundle it.
  serverExternalPackages: ['better-sqlite3'],
  poweredByHeader: false,
  typedRoutes: false,
};

module.exports = nextConfig;
