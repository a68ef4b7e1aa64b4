"""PMN, the text log: the record of a deal, the lexical rules, comment commands, tags, the
streaming reader, the canonical writer, the checker that replays a record, editing a record,
and the one safe way a file is written."""
