//! Generated messages, clients and servers for every Eris API (`eris.<area>.v1`).

#![allow(clippy::all, clippy::pedantic)]

/// The encoded descriptor set of every Eris proto, for gRPC reflection.
pub const FILE_DESCRIPTOR_SET: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/eris_descriptor.bin"));

// Each labelled vocabulary's `LABELS`, `label()` and `from_label()` (see build.rs).
include!(concat!(env!("OUT_DIR"), "/eris_labels.rs"));

pub mod common {
    pub mod v1 {
        tonic::include_proto!("eris.common.v1");
    }
}

pub mod identity {
    pub mod v1 {
        tonic::include_proto!("eris.identity.v1");
    }
}

pub mod crm {
    pub mod v1 {
        tonic::include_proto!("eris.crm.v1");
    }
}

pub mod contracts {
    pub mod v1 {
        tonic::include_proto!("eris.contracts.v1");
    }
}

pub mod sourcing {
    pub mod v1 {
        tonic::include_proto!("eris.sourcing.v1");
    }
}

pub mod reporting {
    pub mod v1 {
        tonic::include_proto!("eris.reporting.v1");
    }
}

pub mod events {
    pub mod v1 {
        tonic::include_proto!("eris.events.v1");
    }
}
