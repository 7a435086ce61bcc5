"""Active modifications: what an amending act says it changes in other acts becomes events on those acts.

An amending act's ``activeModifications`` (mapped into `ActiveModification`s) are resolved at ingest against the
target act, held (stored, or ingested in the same run) or known only by reference. Each becomes an event on the
target act, written in the amending act's graph (what an ingest adds to an act is its own graph): its kind and
date, ``lex:affectedAct`` the target, ``lex:affects`` the target provision (for an act we do not hold, the act
known by reference), ``lex:sourceAct`` the amending act, ``lex:sourceProvision`` the amending provision,
``lex:targetPortion`` the destination as the amending act wrote it. It opens no version: the text changes when a
consolidation of the target is ingested.

One event per target act, day, kind and source act, minted as the target's own ingest mints it (`IriMinter.event`,
the amending act named as the target's sources name it). When the target already has an event of that date and
kind affecting that provision (its consolidation recorded the change), the amending act confirms that event: the
same resource, to which its graph adds the amending provision and the portion (and itself as source act, unless
the event names it already by the IRI it had while known only by reference).

An event on an act we do not hold keeps the portions the amending act named. When that act is ingested, its ingest
resolves them against its provisions: the event becomes the one the target's own IRI gives it
(`IriMinter.same_event`), recorded in the target's graph, affecting the provisions, and the event on the act known
by reference is superseded (transaction time: as known before, the answer is what it was). Either order of ingest
gives the same events.

A destination that names no provision of a held target is a notice naming the file, line and element, and writes
nothing.

Modules: `targets` (a destination resolved against a held target's provisions), `planning` (the events of one ingest
run's active modifications and changes feeds, and those recorded while an act was known only by reference, resolved),
`events` (those events as quads).
"""
