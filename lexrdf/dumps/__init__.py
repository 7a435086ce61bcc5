"""Data dumps and the dataset's descriptions (docs/dumps.md).

- `writer`: `write_dump`, the whole dataset and one file per act from one published snapshot, streamed,
  deterministic, checksummed, written beside the target folder and renamed onto it
- `catalog`, `void`: the DCAT catalogue and the VoID description (counts by the `.rq` files in `queries/`)
- `manifest`: `dump.json`, what a dump holds; `checksums`: SHA-256 while writing, `SHA256SUMS`
- `names`, `formats`: safe file names from IRIs; the formats (N-Quads, TriG, Turtle), optionally gzipped
"""

from lexrdf.dumps.manifest import DumpFile, Manifest
from lexrdf.dumps.writer import DumpError, write_dump

__all__ = ["DumpError", "DumpFile", "Manifest", "write_dump"]
