// @types/node-forge types only the package root; forge.d.ts types the lib/ modules imported below,
// and must reach every program that compiles this file from source (the console, the tests).
// oxlint-disable-next-line typescript/triple-slash-reference
/// <reference path="./forge.d.ts" />
import type * as Forge from "node-forge";
// Only node-forge's RSA and its helpers (ASN.1, big integers, PRNG), not the whole library
// (TLS, PKCS#12, ciphers…): each lib/ module registers itself on the shared forge object.
import forgeCore from "node-forge/lib/forge.js";
import "node-forge/lib/asn1.js";
import "node-forge/lib/rsa.js";
import "node-forge/lib/util.js";

const forge = forgeCore as unknown as typeof Forge;

/**
 * RSAES-PKCS1-v1_5 encryption (RFC 8017 §7.2), the padding WebCrypto does not offer and
 * JSEncrypt-era servers decrypt: `spkiDer` is the DER SubjectPublicKeyInfo, the answer the
 * ciphertext's bytes. Padding bytes come from node-forge's PRNG, seeded by the platform's
 * crypto.getRandomValues.
 */
export function encryptPkcs1v15(spkiDer: Uint8Array, plain: Uint8Array): Uint8Array {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytesToBinary(spkiDer)));
  const key = forge.pki.publicKeyFromAsn1(asn1) as Forge.pki.rsa.PublicKey;
  const cipher = key.encrypt(bytesToBinary(plain), "RSAES-PKCS1-V1_5");
  return Uint8Array.from(cipher, (c) => c.charCodeAt(0));
}

/** The RSA modulus length in bytes of a DER SubjectPublicKeyInfo. */
export function modulusBytesOf(spkiDer: Uint8Array): number {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytesToBinary(spkiDer)));
  const key = forge.pki.publicKeyFromAsn1(asn1) as Forge.pki.rsa.PublicKey;
  return Math.ceil(key.n.bitLength() / 8);
}

/** node-forge's "binary string": one character per byte. */
function bytesToBinary(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += String.fromCharCode(b);
  return out;
}
