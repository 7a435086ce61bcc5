"""The DCAT catalogue of a dump (DCAT-AP style): the catalogue, the dataset (the same resource VoID describes),
one `dcat:Distribution` per file with its download URL under `{base}/dumps/`, media type (IANA), compression,
byte size and SHA-256 (`spdx:checksum`), issued and modified times and the licences its sources give the data under
(each act states its own: the Open Government Licence for legislation.gov.uk; the licence from configuration only
where no source states one, and for the catalogue itself), and the
SPARQL endpoint as a `dcat:DataService`. `lex:changesThrough` on the dataset is the last change of the
transaction log the dump holds: a mirror continues from there with `/changes?since=K`."""

from __future__ import annotations

from pyoxigraph import BlankNode, Literal, NamedNode, Triple

from lexrdf.dumps.formats import GZIP, IANA
from lexrdf.dumps.manifest import DumpFile, Manifest
from lexrdf.dumps.void import DCAT, SPDX, dataset_iri, download_url, turtle
from lexrdf.vocab import DCTERMS, LEX, RDF, XSD

TITLE = "lexrdf: legislation as point-in-time linked data"
DESCRIPTION = (
    "Acts, provisions, their versions with valid-time and transaction-time windows, and the legal events that "
    "opened and closed them; each act graph is published with its ELI view (eli: and PROV-O terms)."
)


def _en(text: str) -> Literal:
    return Literal(text, language="en")


def _moment(text: str) -> Literal:
    return Literal(text, datatype=XSD.dateTime)


def catalog_triples(base_iri: str, licence: str, manifest: Manifest | None) -> list[Triple]:
    """The catalogue as triples, in a fixed order (no manifest: the dataset and its endpoint, no files)."""
    base = base_iri.rstrip("/")
    catalog = NamedNode(f"{base}/catalog.ttl#catalog")
    dataset = dataset_iri(base)
    service = NamedNode(f"{base}/sparql")
    license_ = NamedNode(licence)
    triples = [
        Triple(catalog, RDF.type, DCAT.Catalog),
        Triple(catalog, DCTERMS.title, _en(f"{TITLE} (catalogue)")),
        Triple(catalog, DCTERMS.description, _en("The datasets and data dumps this lexrdf server publishes.")),
        Triple(catalog, DCTERMS.license, license_),
        Triple(catalog, DCAT.dataset, dataset),
        Triple(catalog, DCAT.service, service),
        Triple(dataset, RDF.type, DCAT.Dataset),
        Triple(dataset, DCTERMS.title, _en(TITLE)),
        Triple(dataset, DCTERMS.description, _en(DESCRIPTION)),
        *(Triple(dataset, DCTERMS.license, licence) for licence in _dataset_licences(manifest, license_)),
        Triple(dataset, DCAT.landingPage, NamedNode(f"{base}/")),
        Triple(dataset, DCTERMS.conformsTo, NamedNode("http://data.europa.eu/eli/ontology#")),
        Triple(service, RDF.type, DCAT.DataService),
        Triple(service, DCTERMS.title, _en(f"{TITLE} (SPARQL endpoint)")),
        Triple(service, DCAT.endpointURL, service),
        Triple(service, DCAT.servesDataset, dataset),
        Triple(service, DCTERMS.license, license_),
    ]
    if manifest is None:
        return triples
    triples += [
        Triple(dataset, DCTERMS.issued, _moment(manifest.issued)),
        Triple(dataset, LEX.changesThrough, Literal(str(manifest.changes_through), datatype=XSD.integer)),
    ]
    if manifest.modified:
        triples.append(Triple(dataset, DCTERMS.modified, _moment(manifest.modified)))
    for number, file in enumerate(manifest.files, 1):
        triples += _distribution(base, dataset, manifest, file, number, license_)
    return triples


def _distribution(
    base: str, dataset: NamedNode, manifest: Manifest, file: DumpFile, number: int, license_: NamedNode
) -> list[Triple]:
    url = download_url(base, file.path)
    distribution = NamedNode(f"{url.value}#distribution")
    checksum = BlankNode(f"checksum{number}")
    triples = [
        Triple(dataset, DCAT.distribution, distribution),
        Triple(distribution, RDF.type, DCAT.Distribution),
        Triple(distribution, DCTERMS.title, _en(file.title)),
        Triple(distribution, DCAT.downloadURL, url),
        Triple(distribution, DCAT.accessURL, NamedNode(f"{base}/dumps/")),
        Triple(distribution, DCAT.mediaType, NamedNode(IANA + file.media_type)),
        Triple(distribution, DCAT.byteSize, Literal(str(file.size), datatype=XSD.nonNegativeInteger)),
        Triple(distribution, SPDX.checksum, checksum),
        Triple(checksum, RDF.type, SPDX.Checksum),
        Triple(checksum, SPDX.algorithm, SPDX.checksumAlgorithm_sha256),
        Triple(checksum, SPDX.checksumValue, Literal(file.sha256, datatype=XSD.hexBinary)),
        Triple(distribution, DCTERMS.issued, _moment(manifest.issued)),
        *(Triple(distribution, DCTERMS.license, NamedNode(licence)) for licence in file.licences),
    ]
    if not file.licences:  # no source states one (the ontology, the shapes, an act whose source gives none)
        triples.append(Triple(distribution, DCTERMS.license, license_))
    if file.compressed:
        triples.append(Triple(distribution, DCAT.compressFormat, NamedNode(IANA + GZIP)))
    if manifest.modified:
        triples.append(Triple(distribution, DCTERMS.modified, _moment(manifest.modified)))
    return triples


def _dataset_licences(manifest: Manifest | None, configured: NamedNode) -> list[NamedNode]:
    """The dataset's licences: those its sources give their data under (legislation.gov.uk's: the Open Government
    Licence), never one of ours in their place; the configured licence only when no source states one."""
    stated = sorted({licence for file in (manifest.files if manifest else ()) for licence in file.licences})
    return [NamedNode(licence) for licence in stated] or [configured]


def catalog_turtle(base_iri: str, licence: str, manifest: Manifest | None) -> bytes:
    """The catalogue in Turtle."""
    return turtle(catalog_triples(base_iri, licence, manifest))
