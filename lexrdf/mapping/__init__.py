"""Reading a source document by its declarative mapping (mappings/*.yaml) into the document model
(lexrdf.model): engine.py is the entry point (`read_source`, `read_document`)."""
