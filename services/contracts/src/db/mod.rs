//! SQL of the contracts schema, one function per query. Empty until its first feature arrives.
