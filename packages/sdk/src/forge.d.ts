// node-forge's lib/ modules, imported one by one (see forgeRsa.ts); @types/node-forge types only the whole package.
declare module "node-forge/lib/forge.js" {
  const forge: unknown;
  export default forge;
}
declare module "node-forge/lib/asn1.js";
declare module "node-forge/lib/rsa.js";
declare module "node-forge/lib/util.js";
