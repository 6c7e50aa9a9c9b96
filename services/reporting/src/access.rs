//! Who may do what with the reporting service's data. Reports and exports: spec document 2, section 6. The rules arrive with the report screens;
//! until then the service answers no call but health and reflection.
