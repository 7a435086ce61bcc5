"""What every part of the mapping schema (lexrdf.mapping.schema) is made of: the strict base model and the value
types."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, StrictStr

Text = StrictStr
Specs = list[StrictStr]  # specs or XPaths tried in order (`context:XPATH ~ REGEX`, `value:TEXT`)
Table = dict[StrictStr, StrictStr]  # a translation table: value as written -> value meant
Names = list[StrictStr]  # element local names, or regular expressions


class Rule(BaseModel):
    """A part of a mapping: only its known keys, values of exactly their type."""

    model_config = ConfigDict(extra="forbid", strict=True)
