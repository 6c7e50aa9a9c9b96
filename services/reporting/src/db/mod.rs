//! SQL of the reporting schema, one function per query. Empty until its first feature arrives.
