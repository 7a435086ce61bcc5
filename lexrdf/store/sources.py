"""The source files an ingest read, kept byte for byte beside the store under their SHA-256 (content-addressed), so
that what a provision was read from can be served as it was published (`/data.xml`) and checked against the hash its
changeset records (``lex:sourceSha256``).

A file is kept before its act's graph is written (written to a temporary name, then renamed: never half a file under
a hash), so no changeset names a hash whose bytes are missing; a refused act leaves only bytes nobody names.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> (folder / "a.xml").write_bytes(b"<a/>")
4
>>> archive = SourceArchive(folder / "store")
>>> digest = archive.keep(folder / "a.xml")
>>> digest == hashlib.sha256(b"<a/>").hexdigest(), archive.read(digest)
(True, b'<a/>')
>>> archive.read("0" * 64) is None, archive.read("../../etc/passwd") is None
(True, True)
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path

CHUNK = 1 << 20
_SHA256 = re.compile(r"[0-9a-f]{64}")
FOLDER = "sources"  # inside the store's directory


class SourceArchive:
    """The kept source files of the store in `store_dir` (its directory; a remote store's local directory)."""

    def __init__(self, store_dir: Path) -> None:
        self.folder = Path(store_dir) / FOLDER

    def path(self, sha256: str) -> Path | None:
        """Where the bytes of this hash are kept, or None for anything that is not a SHA-256 in lower-case hex."""
        return self.folder / sha256 if _SHA256.fullmatch(sha256) else None

    def keep(self, source: Path, expected: str | None = None) -> str | None:
        """Keep the bytes of `source`; their SHA-256, or None when they are not the `expected` ones (the file changed
        since it was read: what was ingested is not what would be kept)."""
        digest = hashlib.sha256()
        self.folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=".incoming-")
        try:
            with os.fdopen(handle, "wb") as out, Path(source).open("rb") as read:
                while chunk := read.read(CHUNK):
                    digest.update(chunk)
                    out.write(chunk)
                out.flush()
                os.fsync(out.fileno())
            sha256 = digest.hexdigest()
            if expected is not None and sha256 != expected:
                return None
            target = self.folder / sha256
            if not target.exists():
                os.chmod(temporary, 0o644)  # readable by the server's user, as the store's files are
                os.replace(temporary, target)
            return sha256
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)

    def read(self, sha256: str) -> bytes | None:
        """The bytes kept under `sha256`, or None when none are."""
        path = self.path(sha256)
        try:
            return path.read_bytes() if path is not None else None
        except OSError:
            return None


__all__ = ["SourceArchive"]
