//! Who may do what with the contracts service's data. Contracts (standard and BETA), files and payments: spec document 2, section 6. The rules arrive with
//! the contract screens; until then the service answers no call but health and reflection.
