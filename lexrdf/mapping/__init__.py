"""Reading a source document by its declarative mapping (mappings/*.yaml) into the document model
(lexrdf.model): engine.py is the entry point (`read_source`, `read_document`), xmlsafe.py the hardened XML parser
every source goes through, and citations.py reads citations by the mappings' ``citations`` rules."""
