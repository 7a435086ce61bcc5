"""The door for AI agents: an MCP server over the query library (see docs/agents.md).

- `dates`: which date an answer is for, and how it was chosen (said out loud: `as_of_used`, `as_of_source`)
- `tools`: the tool catalogue, generated from the query library's `#+` headers, with the composite tools
- `render`: the short text every answer carries beside its structured content
- `server`: the MCP server (stdio, and streamable HTTP mounted under /mcp of `lexrdf serve --mcp`)
"""
