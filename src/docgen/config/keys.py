"""The site-authentication public key: PEM text in, base64 DER SubjectPublicKeyInfo out.

Browsers verify sign-in tokens with WebCrypto, which imports keys as ``spki`` DER; the build
checks the key here so a wrong key fails ``docgen check`` rather than every reader's sign-in.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

from docgen.exceptions import InvalidKey

_RSA_OID = bytes.fromhex("06092a864886f70d010101")
_EC_OID = bytes.fromhex("06072a8648ce3d0201")
_P256_OID = bytes.fromhex("06082a8648ce3d030107")
_PEM = re.compile(r"-----BEGIN ([A-Z ]+)-----\s*([A-Za-z0-9+/=\s]+?)\s*-----END \1-----", re.DOTALL)


@dataclass(frozen=True, slots=True)
class PublicKey:
    spki_base64: str
    algorithm: str  # "ES256" | "RS256"


def parse_public_key(text: str, wanted: str | None) -> PublicKey:
    """Parse PEM (``BEGIN PUBLIC KEY``) or bare base64 DER; check it suits ``wanted``."""
    match = _PEM.search(text)
    if match is not None:
        label, body = match.group(1), match.group(2)
        if label != "PUBLIC KEY":
            raise InvalidKey(
                f"expected a '-----BEGIN PUBLIC KEY-----' PEM (SubjectPublicKeyInfo), found "
                f"'{label}'; convert it with: openssl pkey -pubin -in key.pem -out public.pem"
                if "PUBLIC" in label
                else f"'{label}' is not a public key; publish only the public key "
                "(openssl pkey -in private.pem -pubout)"
            )
    elif "-----" in text:
        raise InvalidKey("the PEM text is incomplete (no matching BEGIN/END lines)")
    else:
        body = text
    try:
        der = base64.b64decode("".join(body.split()), validate=True)
    except (binascii.Error, ValueError):
        raise InvalidKey("the key is not valid base64 inside its PEM lines") from None
    if len(der) < 32 or der[0] != 0x30:
        raise InvalidKey("the key is not a DER SubjectPublicKeyInfo")
    head = der[:40]
    if _EC_OID in head:
        if _P256_OID not in head:
            raise InvalidKey("only the P-256 curve is supported for EC keys (ES256)")
        found = "ES256"
    elif _RSA_OID in head:
        found = "RS256"
    else:
        raise InvalidKey("unsupported key type: use an EC P-256 key (ES256) or an RSA key (RS256)")
    if wanted is not None and wanted != found:
        raise InvalidKey(f"'algorithm' is {wanted} but the key is an {found} key")
    return PublicKey(base64.b64encode(der).decode("ascii"), found)
