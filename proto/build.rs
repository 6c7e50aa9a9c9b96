//! Compiles every `.proto` under `eris/` with protox (no system protoc), keeps the descriptor set
//! so the services can offer gRPC reflection, and writes each labelled vocabulary's labels (the
//! `eris.common.v1.label` option of its enum's values) as Rust beside the generated enum.

use std::{env, fmt::Write as _, path::PathBuf};

use prost_reflect::{DescriptorPool, EnumDescriptor};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut files = Vec::new();
    collect_protos("eris".as_ref(), &mut files)?;
    files.sort();
    // The whole tree, so an added file is compiled too (cargo scans a directory for changes).
    println!("cargo:rerun-if-changed=eris");
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
    }
    let mut compiler = protox::Compiler::new(["."])?;
    compiler.include_source_info(true).include_imports(true).open_files(&files)?;
    let descriptors = compiler.file_descriptor_set();
    let out_dir = PathBuf::from(env::var("OUT_DIR")?);
    std::fs::write(out_dir.join("eris_descriptor.bin"), prost::Message::encode_to_vec(&descriptors))?;
    std::fs::write(out_dir.join("eris_labels.rs"), labels(&compiler.descriptor_pool())?)?;
    tonic_prost_build::configure().build_client(true).build_server(true).compile_fds(descriptors)?;
    Ok(())
}

/// For each enum whose values carry labels: `LABELS` (in the enum's order), `label()` and
/// `from_label()`. A value without a label (a vocabulary's "none") has the empty label.
fn labels(pool: &DescriptorPool) -> Result<String, Box<dyn std::error::Error>> {
    let option = pool.get_extension_by_name("eris.common.v1.label").ok_or("eris.common.v1.label is not declared")?;
    let mut out = String::from("// Written by build.rs from the protos' `eris.common.v1.label` options.\n");
    for vocabulary in pool.all_enums() {
        let labelled: Vec<(i32, String, String)> = vocabulary
            .values()
            .filter_map(|value| {
                let text = value.options().get_extension(&option).as_str()?.to_owned();
                if text.is_empty() { None } else { Some((value.number(), value.name().to_owned(), text)) }
            })
            .collect();
        if labelled.is_empty() {
            continue;
        }
        let path = rust_path(&vocabulary)?;
        let quoted = |text: &str| format!("{text:?}");
        let list: Vec<String> = labelled.iter().map(|(_, _, text)| quoted(text)).collect();
        writeln!(out, "impl {path} {{")?;
        writeln!(out, "    /// Every value's label, in the enum's order.")?;
        writeln!(out, "    pub const LABELS: [&'static str; {}] = [{}];", list.len(), list.join(", "))?;
        writeln!(out, "    /// This value's label; empty for a value without one.")?;
        writeln!(out, "    pub const fn label(self) -> &'static str {{\n        match self as i32 {{")?;
        for (number, _, text) in &labelled {
            writeln!(out, "            {number} => {},", quoted(text))?;
        }
        writeln!(out, "            _ => \"\",\n        }}\n    }}")?;
        writeln!(out, "    /// The value a label names (exactly, as stored).")?;
        writeln!(out, "    pub fn from_label(label: &str) -> Option<Self> {{\n        match label {{")?;
        for (_, name, text) in &labelled {
            writeln!(out, "            {} => Self::from_str_name({}),", quoted(text), quoted(name))?;
        }
        writeln!(out, "            _ => None,\n        }}\n    }}\n}}")?;
    }
    Ok(out)
}

/// Where prost puts a package's top-level enum: `eris.contracts.v1.PricingType` is
/// `crate::contracts::v1::PricingType` (lib.rs has one module per package, without `eris`).
fn rust_path(vocabulary: &EnumDescriptor) -> Result<String, Box<dyn std::error::Error>> {
    if vocabulary.parent_message().is_some() {
        return Err(format!("{}: labels are read for top-level enums only", vocabulary.full_name()).into());
    }
    let package = vocabulary.package_name().strip_prefix("eris.").ok_or("labels are read in eris packages only")?;
    Ok(format!("crate::{}::{}", package.replace('.', "::"), vocabulary.name()))
}

fn collect_protos(dir: &std::path::Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_protos(&path, out)?;
        } else if path.extension().is_some_and(|ext| ext == "proto") {
            out.push(path);
        }
    }
    Ok(())
}
