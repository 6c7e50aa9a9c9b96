//! What each statement call does: read a file for mapping, match and apply a statement in one
//! transaction (its payments' actuals, their history, the statement's rows, the contracts'
//! events), link a row by hand, revert, chase what is short or missing. Management and Admin
//! import, link and revert; Customer Care reads; Sales have no access.

use std::collections::{BTreeMap, HashMap};

use chrono::{Datelike, NaiveDate};
use eris_platform::{auth::Caller, money, text::account_number_key};
use eris_proto::sourcing::v1::Supplier;
use rust_decimal::Decimal;

use crate::{
    State,
    access::{self, require},
    db::{
        self,
        payments::PaymentValues,
        statements::{ChaseRow, ExceptionRow, Held, NewStatement, StatementRow, StoredRow, Written},
    },
    domain::{
        statement_file::{self, Line, Mapping, Table},
        statement_match::{self, Account, Book, Bucket, Outcome, RowMatch, Slot},
        vocabulary::month_year,
    },
    error::{Error, Result, invalid, not_found, stale},
    events::{Also, ContractEventKind, contract_event},
};

/// The most statements a list answers.
pub const LIST_LIMIT: i64 = 500;
/// The tolerance of a Matched row when the caller names none, in percent.
pub const DEFAULT_TOLERANCE: Decimal = Decimal::from_parts(2, 0, 0, false, 0);

/// Where a statement's lines come from.
pub enum Source {
    File { file_name: String, content: Vec<u8>, mapping: Box<Mapping> },
    Lines(Vec<Line>),
}

/// An import as asked.
pub struct ImportAsked {
    pub supplier_id: i64,
    pub file_name: String,
    pub source: Source,
    pub validate_only: bool,
    pub payment_month: i32,
    pub payment_year: i32,
    pub tolerance_percent: String,
}

/// A file read for mapping.
pub struct FileRead {
    pub table: Table,
    pub saved: Option<Mapping>,
    pub suggested: Mapping,
}

/// A statement as the calls answer it: stored (or a preview's figures) with the supplier's name.
pub struct StatementView {
    pub row: StatementRow,
    pub supplier_name: String,
}

fn forbidden_unless(allowed: bool) -> Result<()> {
    require(allowed)
}

fn file_name_of(name: &str) -> Result<String> {
    let name = eris_platform::text::line(name, "File name", 200, false)?;
    Ok(if name.is_empty() { "statement".to_owned() } else { name })
}

fn tolerance_of(typed: &str) -> Result<Decimal> {
    if typed.trim().is_empty() {
        return Ok(DEFAULT_TOLERANCE);
    }
    let value = eris_platform::values::parse_decimal("Tolerance", typed.trim().trim_end_matches('%'), 3, 4)?
        .unwrap_or(DEFAULT_TOLERANCE);
    if value.is_sign_negative() || value > Decimal::from(100) {
        return Err(invalid("Tolerance must be a percentage from 0 to 100."));
    }
    Ok(value)
}

impl State {
    /// The supplier, from sourcing (archived ones too).
    async fn supplier(&self, caller: &Caller, supplier_id: i64) -> Result<Supplier> {
        if supplier_id <= 0 {
            return Err(invalid("Choose the statement's supplier."));
        }
        let (_, suppliers) = self.directories(caller).await?;
        suppliers.into_iter().find(|s| s.supplier_id == supplier_id).ok_or_else(|| not_found("Supplier"))
    }

    async fn supplier_names(&self, caller: &Caller) -> Result<HashMap<i64, String>> {
        let (_, suppliers) = self.directories(caller).await?;
        Ok(suppliers.into_iter().map(|s| (s.supplier_id, s.name)).collect())
    }

    /// Reads a file far enough to map its columns.
    pub(crate) async fn read_statement_file(
        &self,
        caller: &Caller,
        supplier_id: i64,
        file_name: &str,
        content: Vec<u8>,
    ) -> Result<FileRead> {
        forbidden_unless(access::may_import_statements(caller))?;
        self.supplier(caller, supplier_id).await?;
        let name = file_name_of(file_name)?;
        let table =
            eris_platform::cpu::run("statement file", move || statement_file::read_file(&name, &content)).await??;
        let saved = db::statements::saved_mapping(&self.pool, supplier_id).await?;
        let suggested = match &saved {
            Some(saved) if statement_file::fits(saved, &table.headers) => saved.clone(),
            _ => statement_file::suggest_mapping(&table.headers),
        };
        Ok(FileRead { table, saved, suggested })
    }

    /// Matches a statement, and unless `validate_only`, keeps and applies it.
    pub(crate) async fn import_statement(
        &self,
        caller: &Caller,
        asked: ImportAsked,
    ) -> Result<(StatementView, Outcome)> {
        forbidden_unless(access::may_import_statements(caller))?;
        let supplier = self.supplier(caller, asked.supplier_id).await?;
        let tolerance = tolerance_of(&asked.tolerance_percent)?;
        let today = self.business.today();
        let payment_month = if asked.payment_month == 0 { today.month() as i32 } else { asked.payment_month };
        let payment_year = if asked.payment_year == 0 { today.year() } else { asked.payment_year };
        if !(1..=12).contains(&payment_month) {
            return Err(invalid("Payment Month must be a month from 1 to 12."));
        }
        if !(1900..=2200).contains(&payment_year) {
            return Err(invalid("Payment Year must be a year between 1900 and 2200."));
        }
        let file_name = file_name_of(&asked.file_name)?;
        let (lines, mapping) = match asked.source {
            Source::File { file_name: name, content, mapping } => {
                let name = if name.is_empty() { file_name.clone() } else { name };
                let read = (*mapping).clone();
                let lines = eris_platform::cpu::run("statement file", move || {
                    let table = statement_file::read_file(&name, &content)?;
                    statement_file::lines_of(&table, &read)
                })
                .await??;
                (lines, Some(*mapping))
            }
            Source::Lines(lines) => (statement_file::check_lines(lines)?, None),
        };
        let mut book = self.statement_book(caller, supplier.supplier_id, &lines).await?;
        let matched_lines = lines.clone();
        let matching = book.clone();
        let outcome = eris_platform::cpu::run("statement match", move || {
            statement_match::match_lines(&matched_lines, &matching, tolerance)
        })
        .await?;
        let hash = statement_file::content_hash(supplier.supplier_id, &lines);
        let first_month = lines.iter().map(Line::month).min();
        let last_month = lines.iter().map(Line::month).max();
        let view = |statement_id: i64, outcome: &Outcome| StatementView {
            row: preview_row(
                statement_id,
                &supplier,
                &file_name,
                &lines,
                outcome,
                payment_month,
                payment_year,
                tolerance,
                caller.user_id,
            ),
            supplier_name: supplier.name.clone(),
        };
        if asked.validate_only {
            let view = view(0, &outcome);
            return Ok((view, outcome));
        }

        let mut tx = self.pool.begin().await?;
        let mut new = NewStatement {
            supplier_id: supplier.supplier_id,
            file_name: &file_name,
            content_hash: &hash,
            row_count: lines.len() as i32,
            payment_month: payment_month as i16,
            payment_year,
            tolerance_percent: tolerance,
            first_month,
            last_month,
            counts: [0; 6],
            totals: [Decimal::ZERO; 4],
            user_id: caller.user_id,
        };
        let Some(statement_id) = db::statements::insert_statement(&mut tx, &new).await? else {
            drop(tx);
            return Err(self.already_imported(supplier.supplier_id, &hash).await);
        };
        // The payments matched, locked with their contracts; matched again as they are now, so a
        // payment paid meanwhile (by another statement or by hand) is a Duplicate, not paid twice.
        let mut contract_ids: Vec<i64> = outcome.applies.iter().map(|a| a.slot.contract_id).collect();
        contract_ids.sort_unstable();
        contract_ids.dedup();
        let contracts = db::contracts::select_contracts_for_update(&mut tx, &contract_ids).await?;
        let payment_ids: Vec<i64> = outcome.applies.iter().map(|a| a.slot.payment_id).collect();
        let fresh = db::statements::lock_slots(&mut tx, &payment_ids).await?;
        let fresh: HashMap<i64, Slot> = fresh.into_iter().map(|s| (s.payment_id, s)).collect();
        book.slots.retain(|s| !payment_ids.contains(&s.payment_id) || fresh.contains_key(&s.payment_id));
        for slot in &mut book.slots {
            if let Some(now) = fresh.get(&slot.payment_id) {
                slot.clone_from(now);
            }
        }
        let outcome = statement_match::match_lines(&lines, &book, tolerance);
        let written: Vec<Written> = outcome
            .applies
            .iter()
            .map(|a| Written {
                payment_id: a.slot.payment_id,
                usage_actual: a.usage.or(a.slot.usage_actual),
                payment_actual: Some(a.amount),
                payment_month: Some(payment_month as i16),
                payment_year: Some(payment_year),
            })
            .collect();
        let slots: Vec<&Slot> = outcome.applies.iter().map(|a| &a.slot).collect();
        self.write_payments(&mut tx, caller, statement_id, &slots, &written, &contracts, false).await?;
        db::statements::insert_rows(&mut tx, statement_id, &outcome.rows).await?;
        new.counts = counts(&outcome);
        new.totals =
            [outcome.received_total(), outcome.applied_total(), outcome.expected_total(), outcome.missing_total()];
        sqlx::query(
            "update commission_statement set matched = $2, short_over = $3, unmatched = $4, duplicate = $5, \
               linked = $6, missing = $7, received_total = $8, applied_total = $9, expected_total = $10, \
               missing_total = $11 where statement_id = $1",
        )
        .bind(statement_id)
        .bind(new.counts[0])
        .bind(new.counts[1])
        .bind(new.counts[2])
        .bind(new.counts[3])
        .bind(new.counts[4])
        .bind(new.counts[5])
        .bind(new.totals[0])
        .bind(new.totals[1])
        .bind(new.totals[2])
        .bind(new.totals[3])
        .execute(&mut *tx)
        .await?;
        if let Some(mapping) = &mapping {
            db::statements::save_mapping(&mut tx, supplier.supplier_id, mapping, caller.user_id).await?;
        }
        tx.commit().await?;
        let row = db::statements::select_statement(&self.pool, statement_id, false)
            .await?
            .ok_or_else(|| not_found("Statement"))?;
        Ok((StatementView { row, supplier_name: supplier.name.clone() }, outcome))
    }

    /// The refusal of a second import of the same content, naming the first.
    async fn already_imported(&self, supplier_id: i64, hash: &[u8]) -> Error {
        match db::statements::standing_with_content(&self.pool, supplier_id, hash).await {
            Ok(Some(earlier)) => eris_platform::Error::AlreadyExists(format!(
                "This statement was imported already as statement #{} ({}, {}); nothing was paid twice.",
                earlier.statement_id,
                earlier.file_name,
                self.business.date_of(earlier.imported_at).format("%m/%d/%Y"),
            ))
            .into(),
            Ok(None) => stale("Another import of this statement was under way; look at the statements list."),
            Err(error) => error.into(),
        }
    }

    /// Writes the payments a statement sets (or restores), with their history and one event per
    /// contract; keeps what each held before unless `restoring`.
    #[allow(clippy::too_many_arguments)]
    async fn write_payments(
        &self,
        tx: &mut sqlx::PgConnection,
        caller: &Caller,
        statement_id: i64,
        before: &[&Slot],
        written: &[Written],
        contracts: &[db::contracts::ContractRow],
        restoring: bool,
    ) -> Result<()> {
        if written.is_empty() {
            return Ok(());
        }
        let versions = db::statements::write_actuals(tx, written, caller.user_id).await?;
        let versions: HashMap<i64, i64> = versions.into_iter().collect();
        let mut edits = Vec::new();
        for (slot, now) in before.iter().zip(written) {
            let version = versions.get(&slot.payment_id).copied().unwrap_or(slot.version + 1);
            let old_new = [
                ("usage_actual", decimal_text(slot.usage_actual), decimal_text(now.usage_actual)),
                ("payment_actual", money::optional_text(slot.payment_actual), money::optional_text(now.payment_actual)),
                ("payment_month", number_text(slot.payment_month), number_text(now.payment_month)),
                ("payment_year", number_text(slot.payment_year), number_text(now.payment_year)),
            ];
            for (field, old, new) in old_new {
                if old != new {
                    edits.push((slot.payment_id, version, field, old));
                }
            }
        }
        db::statements::insert_payment_edits(tx, &edits, caller.user_id).await?;
        if !restoring {
            let held: Vec<Held> = before
                .iter()
                .map(|slot| Held {
                    payment_id: slot.payment_id,
                    contract_id: slot.contract_id,
                    created: false,
                    before_usage_actual: slot.usage_actual,
                    before_payment_actual: slot.payment_actual,
                    before_payment_month: slot.payment_month,
                    before_payment_year: slot.payment_year,
                    written_version: versions.get(&slot.payment_id).copied().unwrap_or_default(),
                })
                .collect();
            db::statements::insert_held(tx, statement_id, &held).await?;
        }
        let ids: Vec<i64> = written.iter().map(|w| w.payment_id).collect();
        self.record_payment_events(tx, caller, &ids, contracts).await
    }

    /// One "payment updated" event per contract, carrying its payments as they are now.
    async fn record_payment_events(
        &self,
        tx: &mut sqlx::PgConnection,
        caller: &Caller,
        payment_ids: &[i64],
        contracts: &[db::contracts::ContractRow],
    ) -> Result<()> {
        let payments = db::payments::select_payments(&mut *tx, payment_ids).await?;
        let mut by_contract: BTreeMap<i64, Vec<db::payments::PaymentRow>> = BTreeMap::new();
        for payment in payments {
            by_contract.entry(payment.contract_id).or_default().push(payment);
        }
        let events: Vec<_> = contracts
            .iter()
            .filter_map(|contract| {
                let payments = by_contract.remove(&contract.contract_id)?;
                Some(contract_event(
                    ContractEventKind::PaymentUpdated,
                    caller.user_id,
                    contract,
                    Also { payments, ..Default::default() },
                ))
            })
            .collect();
        for chunk in events.chunks(1000) {
            eris_platform::outbox::insert(&mut *tx, chunk).await?;
        }
        Ok(())
    }

    /// What the matching reads for these lines.
    async fn statement_book(&self, caller: &Caller, supplier_id: i64, lines: &[Line]) -> Result<Book> {
        let mut numbers: Vec<String> = lines.iter().map(|l| account_number_key(&l.account_number)).collect();
        numbers.sort_unstable();
        numbers.dedup();
        numbers.retain(|n| !n.is_empty());
        let mut names: Vec<String> = lines.iter().map(|l| l.customer_name.trim().to_owned()).collect();
        names.sort_unstable();
        names.dedup();
        names.retain(|n| n.chars().count() >= 3);
        names.truncate(1000);
        let found = self.lookup_accounts(caller, numbers, Vec::new(), names).await?;
        let mut accounts: HashMap<String, Vec<Account>> = HashMap::new();
        for account in &found.accounts {
            let entry = Account {
                account_id: account.account_id,
                company_id: account.company_id,
                company_name: account.company_name.clone(),
            };
            for key in [&account.number_key, &account.secondary_number_key] {
                if !key.is_empty() {
                    let list = accounts.entry(key.clone()).or_default();
                    if !list.contains(&entry) {
                        list.push(entry.clone());
                    }
                }
            }
        }
        let account_ids: Vec<i64> = found.accounts.iter().map(|a| a.account_id).collect();
        let contracts = db::statements::contracts_covering(&self.pool, supplier_id, &account_ids).await?;
        let mut months: Vec<NaiveDate> = lines.iter().map(Line::month).collect();
        months.sort_unstable();
        months.dedup();
        let slots = db::statements::supplier_slots(&self.pool, supplier_id, &months).await?;
        let mut companies_by_name: HashMap<String, Vec<(i64, String)>> = HashMap::new();
        for company in &found.companies {
            companies_by_name
                .entry(company.asked.clone())
                .or_default()
                .push((company.company_id, company.company_name.clone()));
        }
        let mut company_ids: Vec<i64> = found.accounts.iter().map(|a| a.company_id).collect();
        company_ids.extend(found.companies.iter().map(|c| c.company_id));
        company_ids.sort_unstable();
        company_ids.dedup();
        let company_contracts =
            db::statements::company_contracts(&self.pool, supplier_id, &company_ids).await?.into_iter().collect();
        Ok(Book { accounts, contracts, slots, companies_by_name, company_contracts })
    }

    pub(crate) async fn list_statements(
        &self,
        caller: &Caller,
        supplier_id: i64,
        month: Option<NaiveDate>,
    ) -> Result<Vec<StatementView>> {
        forbidden_unless(access::may_read_statements(caller))?;
        let rows = db::statements::list_statements(&self.pool, supplier_id, month, LIST_LIMIT).await?;
        let names = self.supplier_names(caller).await?;
        Ok(rows
            .into_iter()
            .map(|row| StatementView { supplier_name: names.get(&row.supplier_id).cloned().unwrap_or_default(), row })
            .collect())
    }

    /// A statement, its rows, and the projected payments of its months still missing.
    pub(crate) async fn get_statement(
        &self,
        caller: &Caller,
        statement_id: i64,
    ) -> Result<(StatementView, Vec<StoredRow>, Vec<Slot>)> {
        forbidden_unless(access::may_read_statements(caller))?;
        let row = db::statements::select_statement(&self.pool, statement_id, false)
            .await?
            .ok_or_else(|| not_found("Statement"))?;
        let rows = db::statements::list_rows(&self.pool, statement_id).await?;
        let mut months: Vec<NaiveDate> = rows.iter().map(|r| r.month).collect();
        months.sort_unstable();
        months.dedup();
        let mut missing: Vec<Slot> = db::statements::supplier_slots(&self.pool, row.supplier_id, &months)
            .await?
            .into_iter()
            .filter(|s| s.paid().is_none() && s.projected_payment.is_some_and(|p| p > Decimal::ZERO))
            .collect();
        missing.sort_by(|a, b| (a.month, &a.company_name, a.payment_id).cmp(&(b.month, &b.company_name, b.payment_id)));
        let names = self.supplier_names(caller).await?;
        let supplier_name = names.get(&row.supplier_id).cloned().unwrap_or_default();
        Ok((StatementView { row, supplier_name }, rows, missing))
    }

    /// Links an Unmatched row to a contract of the statement's supplier and a projected month,
    /// and applies it (making the month's payment when the contract has none).
    pub(crate) async fn link_statement_row(
        &self,
        caller: &Caller,
        statement_id: i64,
        row_number: i32,
        contract_id: i64,
        month: i32,
        year: i32,
    ) -> Result<(StatementView, RowMatch)> {
        forbidden_unless(access::may_import_statements(caller))?;
        if !(1..=12).contains(&month) {
            return Err(invalid("Projected Month must be a month from 1 to 12."));
        }
        if !(1900..=2200).contains(&year) {
            return Err(invalid("Projected Year must be a year between 1900 and 2200."));
        }
        let month_start = NaiveDate::from_ymd_opt(year, month as u32, 1).ok_or_else(|| invalid("Not a month."))?;
        let mut tx = self.pool.begin().await?;
        let statement = db::statements::select_statement(&mut *tx, statement_id, true)
            .await?
            .ok_or_else(|| not_found("Statement"))?;
        if statement.reverted_at.is_some() {
            return Err(eris_platform::Error::FailedPrecondition(format!(
                "Statement #{statement_id} was reverted; import it again to link its rows."
            ))
            .into());
        }
        let stored = db::statements::lock_row(&mut tx, statement_id, row_number)
            .await?
            .ok_or_else(|| not_found("Statement row"))?;
        if Bucket::from_number(stored.bucket) != Bucket::Unmatched {
            return Err(invalid(format!("Row {row_number} is not Unmatched; only Unmatched rows are linked by hand.")));
        }
        let contracts = db::contracts::select_contracts_for_update(&mut tx, &[contract_id]).await?;
        let contract = contracts.first().ok_or_else(|| not_found("Contract"))?;
        if contract.fields.supplier_id != Some(statement.supplier_id) {
            return Err(invalid(format!("Contract {contract_id} is not with this statement's supplier.")));
        }
        let line = stored.line();
        let slot = match db::statements::contract_slot(&mut tx, contract_id, month_start).await? {
            Some(slot) => {
                if let Some(paid) = slot.paid() {
                    return Err(eris_platform::Error::AlreadyExists(paid).into());
                }
                slot
            }
            None => {
                // The month had no projected payment: the statement makes one, and a revert removes it.
                let values =
                    PaymentValues { projected_month: month as i16, projected_year: year, ..Default::default() };
                let made = db::payments::insert_payments(&mut tx, contract_id, &[values], caller.user_id).await?;
                let made = made.first().ok_or_else(|| not_found("Payment"))?;
                let slot = db::statements::lock_slots(&mut tx, &[made.payment_id]).await?;
                let mut slot = slot.into_iter().next().ok_or_else(|| not_found("Payment"))?;
                slot.version = made.version;
                sqlx::query(
                    "insert into commission_statement_payment (statement_id, payment_id, contract_id, created, \
                       written_version) values ($1, $2, $3, true, 0)",
                )
                .bind(statement_id)
                .bind(made.payment_id)
                .bind(contract_id)
                .execute(&mut *tx)
                .await?;
                slot.held_by = None;
                slot.payment_id = made.payment_id;
                slot
            }
        };
        let written = Written {
            payment_id: slot.payment_id,
            usage_actual: line.usage.or(slot.usage_actual),
            payment_actual: Some(line.amount),
            payment_month: Some(statement.payment_month),
            payment_year: Some(statement.payment_year),
        };
        let created = db::statements::list_held(&mut tx, statement_id)
            .await?
            .into_iter()
            .any(|h| h.payment_id == slot.payment_id && h.created);
        let versions = db::statements::write_actuals(&mut tx, std::slice::from_ref(&written), caller.user_id).await?;
        let version = versions.first().map_or(slot.version + 1, |v| v.1);
        if created {
            sqlx::query(
                "update commission_statement_payment set written_version = $3 where statement_id = $1 and payment_id = $2",
            )
            .bind(statement_id)
            .bind(slot.payment_id)
            .bind(version)
            .execute(&mut *tx)
            .await?;
        } else {
            let held = Held {
                payment_id: slot.payment_id,
                contract_id,
                created: false,
                before_usage_actual: slot.usage_actual,
                before_payment_actual: slot.payment_actual,
                before_payment_month: slot.payment_month,
                before_payment_year: slot.payment_year,
                written_version: version,
            };
            db::statements::insert_held(&mut tx, statement_id, &[held]).await?;
        }
        let edits = vec![(slot.payment_id, version, "payment_actual", money::optional_text(slot.payment_actual))];
        db::statements::insert_payment_edits(&mut tx, &edits, caller.user_id).await?;
        self.record_payment_events(&mut tx, caller, &[slot.payment_id], &contracts).await?;
        let expected = slot.projected_payment.unwrap_or_default();
        let row = RowMatch {
            row_number,
            line: line.clone(),
            bucket: Bucket::Linked,
            contract_id: Some(contract_id),
            payment_id: Some(slot.payment_id),
            company_id: Some(contract.company_id),
            company_name: contract.company_name.clone(),
            month: month_start,
            expected: Some(expected),
            received: Some(line.amount),
            note: format!("Linked by hand to contract {contract_id}, {}.", month_year(month_start)),
            suggestions: Vec::new(),
        };
        db::statements::update_row(&mut tx, statement_id, &row).await?;
        db::statements::count_link(&mut tx, statement_id, line.amount, expected).await?;
        tx.commit().await?;
        let (view, _, _) = self.get_statement(caller, statement_id).await?;
        Ok((view, row))
    }

    /// Reverts a statement: every payment it set holds again what it held before, and payments
    /// it made are removed; refused, changing nothing, when someone changed one since.
    pub(crate) async fn revert_statement(&self, caller: &Caller, statement_id: i64) -> Result<(StatementView, i32)> {
        forbidden_unless(access::may_import_statements(caller))?;
        let mut tx = self.pool.begin().await?;
        let statement = db::statements::select_statement(&mut *tx, statement_id, true)
            .await?
            .ok_or_else(|| not_found("Statement"))?;
        if statement.reverted_at.is_some() {
            return Err(eris_platform::Error::FailedPrecondition(format!(
                "Statement #{statement_id} was reverted already."
            ))
            .into());
        }
        let held = db::statements::list_held(&mut tx, statement_id).await?;
        let mut contract_ids: Vec<i64> = held.iter().map(|h| h.contract_id).collect();
        contract_ids.sort_unstable();
        contract_ids.dedup();
        let contracts = db::contracts::select_contracts_for_update(&mut tx, &contract_ids).await?;
        let ids: Vec<i64> = held.iter().map(|h| h.payment_id).collect();
        let versions: HashMap<i64, i64> = db::statements::lock_versions(&mut tx, &ids).await?.into_iter().collect();
        let changed: Vec<String> = held
            .iter()
            .filter(|h| versions.get(&h.payment_id).is_some_and(|v| *v != h.written_version))
            .map(|h| h.payment_id.to_string())
            .collect();
        if !changed.is_empty() {
            let shown = changed.iter().take(10).cloned().collect::<Vec<_>>().join(", ");
            let more = if changed.len() > 10 { format!(" and {} more", changed.len() - 10) } else { String::new() };
            return Err(stale(format!(
                "Payments {shown}{more} were changed after statement #{statement_id} was applied, so it was not \
                 reverted; correct those payments by hand."
            )));
        }
        let present: Vec<&Held> = held.iter().filter(|h| versions.contains_key(&h.payment_id)).collect();
        let made: Vec<i64> = present.iter().filter(|h| h.created).map(|h| h.payment_id).collect();
        let kept: Vec<&Held> = present.iter().copied().filter(|h| !h.created).collect();
        let now = db::statements::lock_slots(&mut tx, &kept.iter().map(|h| h.payment_id).collect::<Vec<_>>()).await?;
        let written: Vec<Written> = now
            .iter()
            .filter_map(|slot| {
                let h = kept.iter().find(|h| h.payment_id == slot.payment_id)?;
                Some(Written {
                    payment_id: slot.payment_id,
                    usage_actual: h.before_usage_actual,
                    payment_actual: h.before_payment_actual,
                    payment_month: h.before_payment_month,
                    payment_year: h.before_payment_year,
                })
            })
            .collect();
        let before: Vec<&Slot> = now.iter().collect();
        self.write_payments(&mut tx, caller, statement_id, &before, &written, &contracts, true).await?;
        if !made.is_empty() {
            let rows = db::payments::select_payments(&mut *tx, &made).await?;
            db::statements::delete_payments(&mut tx, &made).await?;
            let mut by_contract: BTreeMap<i64, Vec<db::payments::PaymentRow>> = BTreeMap::new();
            for row in rows {
                by_contract.entry(row.contract_id).or_default().push(row);
            }
            let events: Vec<_> = contracts
                .iter()
                .filter_map(|c| {
                    let payments = by_contract.remove(&c.contract_id)?;
                    Some(contract_event(
                        ContractEventKind::PaymentDeleted,
                        caller.user_id,
                        c,
                        Also { payments, ..Default::default() },
                    ))
                })
                .collect();
            eris_platform::outbox::insert(&mut *tx, &events).await?;
        }
        db::statements::mark_reverted(&mut tx, statement_id, caller.user_id).await?;
        tx.commit().await?;
        let (view, _, _) = self.get_statement(caller, statement_id).await?;
        Ok((view, present.len() as i32))
    }

    /// The first month not yet due: this month.
    fn due_before(&self) -> NaiveDate {
        statement_file::first_of_month(self.business.today())
    }

    pub(crate) async fn commission_chase(
        &self,
        caller: &Caller,
        year: i32,
        supplier_id: i64,
    ) -> Result<Vec<(ChaseRow, String)>> {
        forbidden_unless(access::may_read_statements(caller))?;
        if !(1900..=2200).contains(&year) {
            return Err(invalid("Year must be a year between 1900 and 2200."));
        }
        let rows = db::statements::chase(&self.pool, year, supplier_id.max(0), self.due_before()).await?;
        let names = self.supplier_names(caller).await?;
        let mut named: Vec<(ChaseRow, String)> = rows
            .into_iter()
            .map(|row| {
                let name =
                    names.get(&row.supplier_id).cloned().unwrap_or_else(|| format!("Supplier {}", row.supplier_id));
                (row, name)
            })
            .collect();
        named.sort_by_key(|(row, name)| (name.to_lowercase(), row.month));
        Ok(named)
    }

    /// The exceptions of a supplier's month as a CSV or .xlsx file: (file name, media type, bytes).
    pub(crate) async fn chase_exceptions(
        &self,
        caller: &Caller,
        supplier_id: i64,
        month: NaiveDate,
        format: &str,
    ) -> Result<(String, &'static str, Vec<u8>)> {
        forbidden_unless(access::may_read_statements(caller))?;
        let xlsx = match format.trim().to_lowercase().as_str() {
            "" | "csv" => false,
            "xlsx" => true,
            _ => return Err(invalid("Format must be csv or xlsx.")),
        };
        let supplier = self.supplier(caller, supplier_id).await?;
        let month = statement_file::first_of_month(month);
        let rows = db::statements::exceptions(&self.pool, supplier_id, month).await?;
        let mut ids: Vec<i64> = rows.iter().flat_map(|r| r.account_ids.iter().copied()).collect();
        ids.sort_unstable();
        ids.dedup();
        let numbers: HashMap<i64, String> = if ids.is_empty() {
            HashMap::new()
        } else {
            self.lookup_accounts(caller, Vec::new(), ids, Vec::new())
                .await?
                .accounts
                .into_iter()
                .map(|a| (a.account_id, a.account_number))
                .collect()
        };
        let table = exception_table(&rows, &numbers, month);
        let base = format!("{} {} exceptions", supplier.name, month.format("%Y-%m"));
        let base: String = base.chars().map(|c| if c.is_alphanumeric() || c == '-' { c } else { '_' }).collect();
        if xlsx {
            let bytes = eris_platform::cpu::run("exceptions export", move || exceptions_xlsx(&table)).await??;
            Ok((format!("{base}.xlsx"), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", bytes))
        } else {
            let mut out = Vec::new();
            for row in &table {
                for (index, cell) in row.iter().enumerate() {
                    if index > 0 {
                        out.push(b',');
                    }
                    eris_platform::export::write_csv_field(&mut out, cell);
                }
                out.extend_from_slice(b"\r\n");
            }
            Ok((format!("{base}.csv"), "text/csv", out))
        }
    }

    /// (unreconciled statements, missing payments, their amount).
    pub(crate) async fn statement_summary(&self, caller: &Caller) -> Result<(i64, i64, Decimal)> {
        forbidden_unless(access::may_read_statements(caller))?;
        Ok(db::statements::summary(&self.pool, self.due_before()).await?)
    }
}

const EXCEPTION_HEADERS: [&str; 8] =
    ["Contract", "Company", "Accounts", "Month", "Expected", "Received", "Difference", "Status"];

/// The exceptions as rows of text, headers first.
fn exception_table(rows: &[ExceptionRow], numbers: &HashMap<i64, String>, month: NaiveDate) -> Vec<Vec<String>> {
    let mut table = vec![EXCEPTION_HEADERS.map(String::from).to_vec()];
    for row in rows {
        let accounts: Vec<&str> = row.account_ids.iter().filter_map(|id| numbers.get(id).map(String::as_str)).collect();
        let expected = row.expected.unwrap_or_default();
        let (difference, status) = match row.received {
            None => (-expected, "Missing"),
            Some(received) if received < expected => (received - expected, "Short"),
            Some(received) => (received - expected, "Over"),
        };
        table.push(vec![
            row.contract_id.to_string(),
            row.company_name.clone(),
            accounts.join(" "),
            month_year(month),
            money::text(expected),
            money::optional_text(row.received),
            money::text(difference),
            status.to_owned(),
        ]);
    }
    table
}

fn exceptions_xlsx(table: &[Vec<String>]) -> Result<Vec<u8>> {
    let failed = |error: rust_xlsxwriter::XlsxError| crate::error::internal(anyhow::anyhow!(error));
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("Exceptions").map_err(failed)?;
    for (r, row) in table.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let money_column = (4..=6).contains(&c) && r > 0;
            match cell.parse::<f64>() {
                Ok(number) if money_column => sheet.write_number(r as u32, c as u16, number).map_err(failed)?,
                _ => sheet
                    .write_string(r as u32, c as u16, eris_platform::export::neutralise(cell).as_ref())
                    .map_err(failed)?,
            };
        }
    }
    book.save_to_buffer().map_err(failed)
}

fn counts(outcome: &Outcome) -> [i32; 6] {
    [
        outcome.count(Bucket::Matched),
        outcome.count(Bucket::ShortOver),
        outcome.count(Bucket::Unmatched),
        outcome.count(Bucket::Duplicate),
        outcome.count(Bucket::Linked),
        outcome.missing.len() as i32,
    ]
}

/// A preview's figures in the shape of a stored statement.
#[allow(clippy::too_many_arguments)]
fn preview_row(
    statement_id: i64,
    supplier: &Supplier,
    file_name: &str,
    lines: &[Line],
    outcome: &Outcome,
    payment_month: i32,
    payment_year: i32,
    tolerance: Decimal,
    user_id: i64,
) -> StatementRow {
    let [matched, short_over, unmatched, duplicate, linked, missing] = counts(outcome);
    StatementRow {
        statement_id,
        supplier_id: supplier.supplier_id,
        file_name: file_name.to_owned(),
        row_count: lines.len() as i32,
        payment_month: payment_month as i16,
        payment_year,
        tolerance_percent: tolerance,
        first_month: lines.iter().map(Line::month).min(),
        last_month: lines.iter().map(Line::month).max(),
        matched,
        short_over,
        unmatched,
        duplicate,
        linked,
        missing,
        received_total: outcome.received_total(),
        applied_total: outcome.applied_total(),
        expected_total: outcome.expected_total(),
        missing_total: outcome.missing_total(),
        imported_at: chrono::Utc::now(),
        imported_by: user_id,
        reverted_at: None,
        reverted_by: None,
    }
}

fn decimal_text(value: Option<Decimal>) -> String {
    value.map(|v| v.normalize().to_string()).unwrap_or_default()
}

fn number_text<T: ToString>(value: Option<T>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}
