//! Suppliers and their contacts. A supplier is archived, never removed: accounts, contracts and
//! RFPs name it by id and must keep showing its name.

use eris_platform::{
    auth::Caller,
    edits::{self, Patch},
};
use eris_proto::sourcing::v1::directory_event::Entry;

use crate::{
    State,
    access::{self, require},
    db::{
        self,
        suppliers::{SUPPLIER_NAME_KEY, SupplierContactFields, SupplierContactRow, SupplierFields, SupplierRow},
    },
    domain::vocabulary::Commodity,
    error::{Error, Result, invalid, not_found, unless_taken},
    events::{DirectoryEventKind, record_directory_event},
    proto::{supplier_contact_to_proto, supplier_to_proto},
};

const SUPPLIER: &str = "supplier";
const CONTACT: &str = "supplier_contact";

fn supplier_not_found() -> Error {
    not_found("Supplier")
}

fn contact_not_found() -> Error {
    not_found("Supplier contact")
}

impl State {
    pub(crate) async fn list_suppliers(
        &self,
        caller: &Caller,
        commodity: Option<Commodity>,
        include_archived: bool,
    ) -> Result<Vec<SupplierRow>> {
        require(access::may_read_directories(caller))?;
        Ok(db::suppliers::list_suppliers(&self.pool, commodity.map(Commodity::name), include_archived).await?)
    }

    pub(crate) async fn get_supplier(&self, caller: &Caller, supplier_id: i64) -> Result<SupplierRow> {
        require(access::may_read_directories(caller))?;
        db::suppliers::select_supplier(&self.pool, supplier_id).await?.ok_or_else(supplier_not_found)
    }

    pub(crate) async fn create_supplier(&self, caller: &Caller, fields: SupplierFields) -> Result<SupplierRow> {
        require(access::may_change_directories(caller))?;
        let mut tx = self.pool.begin().await?;
        let taken = unless_taken(SUPPLIER_NAME_KEY, Error::SupplierExists);
        let supplier_id = db::suppliers::insert_supplier(&mut tx, &fields, caller.user_id).await.map_err(taken)?;
        let row = db::suppliers::select_supplier(&mut *tx, supplier_id).await?.ok_or_else(supplier_not_found)?;
        let entry = Entry::Supplier(supplier_to_proto(row.clone()));
        record_directory_event(&mut tx, caller, supplier_id, DirectoryEventKind::Created, entry, Vec::new()).await?;
        tx.commit().await?;
        Ok(row)
    }

    /// Saves the named fields; refused only when a field it changes was changed by someone else
    /// after `patch.version`. A rename shows wherever the supplier is named, since records name
    /// it by id.
    pub(crate) async fn update_supplier(&self, caller: &Caller, patch: Patch<SupplierFields>) -> Result<SupplierRow> {
        require(access::may_change_directories(caller))?;
        if patch.named.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask."));
        }
        let mut tx = self.pool.begin().await?;
        let before = db::suppliers::select_supplier_for_update(&mut tx, patch.record_id)
            .await?
            .ok_or_else(supplier_not_found)?;
        let saved = edits::save(&mut tx, SUPPLIER, caller.user_id, &before.fields, before.version, &patch);
        let Some((after, changes)) = saved.await?.into_write("supplier")? else {
            return Ok(before);
        };
        let taken = unless_taken(SUPPLIER_NAME_KEY, Error::SupplierExists);
        let version =
            db::suppliers::update_supplier(&mut tx, patch.record_id, &after, caller.user_id).await.map_err(taken)?;
        edits::record(&mut tx, SUPPLIER, patch.record_id, version, caller.user_id, &changes).await?;
        let row = db::suppliers::select_supplier(&mut *tx, patch.record_id).await?.ok_or_else(supplier_not_found)?;
        let entry = Entry::Supplier(supplier_to_proto(row.clone()));
        record_directory_event(&mut tx, caller, row.supplier_id, DirectoryEventKind::Updated, entry, Vec::new())
            .await?;
        tx.commit().await?;
        Ok(row)
    }

    /// Archives the supplier: it leaves the pickers and stays named where it is used. Archiving
    /// an archived supplier changes nothing.
    pub(crate) async fn archive_supplier(&self, caller: &Caller, supplier_id: i64) -> Result<SupplierRow> {
        require(access::may_change_directories(caller))?;
        let mut tx = self.pool.begin().await?;
        db::suppliers::select_supplier_for_update(&mut tx, supplier_id).await?.ok_or_else(supplier_not_found)?;
        let archived = db::suppliers::archive_supplier(&mut tx, supplier_id, caller.user_id).await?;
        let row = db::suppliers::select_supplier(&mut *tx, supplier_id).await?.ok_or_else(supplier_not_found)?;
        if archived {
            let entry = Entry::Supplier(supplier_to_proto(row.clone()));
            record_directory_event(&mut tx, caller, supplier_id, DirectoryEventKind::Archived, entry, Vec::new())
                .await?;
        }
        tx.commit().await?;
        Ok(row)
    }

    pub(crate) async fn list_supplier_contacts(
        &self,
        caller: &Caller,
        supplier_id: i64,
    ) -> Result<Vec<SupplierContactRow>> {
        self.get_supplier(caller, supplier_id).await?;
        Ok(db::suppliers::list_contacts(&self.pool, supplier_id).await?)
    }

    pub(crate) async fn create_supplier_contact(
        &self,
        caller: &Caller,
        supplier_id: i64,
        fields: SupplierContactFields,
    ) -> Result<SupplierContactRow> {
        require(access::may_change_directories(caller))?;
        let mut tx = self.pool.begin().await?;
        db::suppliers::select_supplier_for_update(&mut tx, supplier_id).await?.ok_or_else(supplier_not_found)?;
        let contact_id = db::suppliers::insert_contact(&mut tx, supplier_id, &fields, caller.user_id).await?;
        let row = db::suppliers::select_contact(&mut *tx, contact_id).await?.ok_or_else(contact_not_found)?;
        let entry = Entry::SupplierContact(supplier_contact_to_proto(row.clone()));
        record_directory_event(&mut tx, caller, contact_id, DirectoryEventKind::Created, entry, Vec::new()).await?;
        tx.commit().await?;
        Ok(row)
    }

    pub(crate) async fn update_supplier_contact(
        &self,
        caller: &Caller,
        patch: Patch<SupplierContactFields>,
    ) -> Result<SupplierContactRow> {
        require(access::may_change_directories(caller))?;
        if patch.named.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask."));
        }
        let mut tx = self.pool.begin().await?;
        let before =
            db::suppliers::select_contact_for_update(&mut tx, patch.record_id).await?.ok_or_else(contact_not_found)?;
        let saved = edits::save(&mut tx, CONTACT, caller.user_id, &before.fields, before.version, &patch);
        let Some((after, changes)) = saved.await?.into_write("contact")? else {
            return Ok(before);
        };
        let version = db::suppliers::update_contact(&mut tx, patch.record_id, &after, caller.user_id).await?;
        edits::record(&mut tx, CONTACT, patch.record_id, version, caller.user_id, &changes).await?;
        let row = db::suppliers::select_contact(&mut *tx, patch.record_id).await?.ok_or_else(contact_not_found)?;
        let entry = Entry::SupplierContact(supplier_contact_to_proto(row.clone()));
        record_directory_event(&mut tx, caller, patch.record_id, DirectoryEventKind::Updated, entry, Vec::new())
            .await?;
        tx.commit().await?;
        Ok(row)
    }

    pub(crate) async fn delete_supplier_contact(&self, caller: &Caller, contact_id: i64) -> Result<()> {
        require(access::may_change_directories(caller))?;
        let mut tx = self.pool.begin().await?;
        let row = db::suppliers::delete_contact(&mut tx, contact_id).await?.ok_or_else(contact_not_found)?;
        let entry = Entry::SupplierContact(supplier_contact_to_proto(row));
        record_directory_event(&mut tx, caller, contact_id, DirectoryEventKind::Deleted, entry, Vec::new()).await?;
        tx.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use eris_proto::sourcing::v1::{Supplier, SupplierContact};

    use crate::proto::ProtoFields;

    /// A supplier's fields as typed, read as a create reads them.
    fn supplier_fields(
        name: &str,
        commodity: Option<Commodity>,
        broker_agreement_status: &str,
    ) -> Result<SupplierFields> {
        let supplier = Supplier {
            name: name.into(),
            commodity: commodity.map_or(0, |c| Commodity::proto_of_name(c.name()).into()),
            broker_agreement_status: broker_agreement_status.into(),
            ..Default::default()
        };
        SupplierFields::read(&supplier, SupplierFields::FIELDS)
    }

    #[test]
    fn a_supplier_needs_a_name_and_a_commodity() {
        let fields = supplier_fields(" Constellation ", Some(Commodity::Gas), "Signed").unwrap();
        assert_eq!((fields.name.as_str(), fields.commodity.as_str()), ("Constellation", "Gas"));
        assert_eq!(
            supplier_fields(" ", Some(Commodity::Gas), "").unwrap_err().to_string(),
            "Supplier Name is required."
        );
        assert!(supplier_fields("Constellation", None, "").is_err());
    }

    /// A supplier contact's fields as typed, read as a create reads them.
    fn supplier_contact_fields(contact: &SupplierContactFields) -> Result<SupplierContactFields> {
        let contact = contact.clone().into_proto(SupplierContact::default());
        SupplierContactFields::read(&contact, SupplierContactFields::FIELDS)
    }

    #[test]
    fn contacts_take_the_three_types_and_an_address_shaped_email() {
        let contact = |contact_type: &str, email: &str| SupplierContactFields {
            name: "Dana Pricing".into(),
            contact_type: contact_type.into(),
            email: email.into(),
            ..Default::default()
        };
        assert!(supplier_contact_fields(&contact("Regional", "dana@supplier.com")).is_ok());
        assert!(supplier_contact_fields(&contact("", "")).is_ok());
        assert_eq!(
            supplier_contact_fields(&contact("Boss", "")).unwrap_err().to_string(),
            "Contact Type must be Primary, Secondary or Regional."
        );
        for bad in ["dana", "dana@", "@x.com", "dana@x", "da na@x.com", "a@b@c.com"] {
            assert!(supplier_contact_fields(&contact("", bad)).is_err(), "{bad}");
        }
    }
}
