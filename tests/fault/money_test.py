#!/usr/bin/env python3
"""Fault test of the money path (`make fault-money`): contracts and payments -> outbox -> relay ->
Redis stream -> reporting projector -> read models, with faults on each link.

Runs its own PostgreSQL (port 15532) and Redis (port 16479) and every service as its own process,
with the classes of fault_test.py: eris-identity, eris-crm, eris-contracts, eris-sourcing, two
eris-reporting processes (both run the projector; one holds the lease at a time) and eris-gateway
(whose reports go to the first reporting process). The seeded book (eris-stack seed) reaches the
read models by `eris-reporting rebuild`; from then on only the event streams feed them, and the
lease holder's reconciler, which compares the read models with the contracts service's
per-contract digests about 5 s after taking the lease and then every ERIS_RECONCILE_SECONDS (3 s
here, 300 s by default) and replaces the contracts that still differ a moment later.

A few REST clients signed in as Management write money through the gateway: they create contracts
on existing companies (with a supplier of the sourcing directory, a start date and a term), add
payments (projected, sometimes received), change and delete payments, change a contract's
supplier (or clear it) and now and then delete a contract. Every acknowledged (2xx) write is
recorded. Then, each fault followed by a check:

  0. none (the baseline);
  1. both reporting processes are killed (SIGKILL); Redis stops and starts again empty; writes go
     on for 10 s with no projector; both reporting processes start again;
  1b. under load, Redis is emptied (FLUSHALL) while both projectors run: no connection fails, the
     streams, consumer groups and watermarks vanish; the relay must find its stream reset;
  2. under load, the lease holder's PostgreSQL backend is terminated every second for 10 s;
  3. under load, PostgreSQL stops (`pg_ctl stop -m fast`) and starts again;
  4. eris-contracts is killed (SIGKILL) while it is being written to, and started again;
  5. the read models drift from an unknown cause, the load going on: in one transaction straight
     in the reporting schema, a few payments of some seeded contracts are deleted, the projected
     and received amounts of a few others are changed, one seeded contract is deleted with its
     payments, and a contract the contracts service never had is added with payments. No event
     tells the projector; the reconciler must find and mend them. Asserted besides the check
     below: the tampered contracts equal the source again within CONVERGE_LIMIT_S of the change,
     under load; the sum of eris_reporting_drift_mended_total over both reporting processes rose
     by at least the number of contracts tampered with; the lease holder's /readyz (beside
     /metrics, polled every 50 ms meanwhile) answered 200 JSON with a status each time. It prints
     when each was seen, and whether /readyz said "degraded" with a mending reason.

A check stops the load and asserts, polling for up to CONVERGE_LIMIT_S (30 s; --converge-limit),
that the read models equal the contracts schema, to the cent:
  * reporting.contract: the set of (contract, company, version, supplier or 0, status);
  * reporting.payment: the set of (payment, contract, version, projected year, month and payment,
    payment year, month and actual);
  * reporting.revenue_cell: the sums of contracts.payment by (basis, year, month, the contract's
    supplier or 0), for projected and received payments (cells of 0 left out);
  * GET /api/reports/revenueBySupplier and /api/reports/actualrevenueBySupplier for this year, as
    Management: every supplier's months equal the same sums;
and that every acknowledged write is in the contracts schema as acknowledged (a deleted record
stays deleted). At the end exactly one backend holds the projector's lease, the lease holder's
event lag reads 0, and no process died that the test did not kill. It prints how long each
convergence took, what differed when the load stopped, and what still differs if it never did.

Python 3.11 standard library only. Exit status 0 when every assertion holds, 1 when one fails,
2 when the harness itself could not run (a port taken, a binary missing, ...).
Every process and temporary directory is removed on exit, also on Ctrl-C.

    python3 tests/fault/money_test.py [--bin-dir DIR] [--keep] [--workers N] [--converge-limit S]
"""

from __future__ import annotations

import argparse
import collections
import datetime
import http.client
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from decimal import Decimal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import fault_test  # noqa: E402 - found through the path set just above
from fault_test import CLEANUP, HarnessError, log, port_bindable, tail, wait_port  # noqa: E402

# ---------------------------------------------------------------------------------------------
# Limits and timings

# After the load stops, the read models must equal the source within this many seconds.
CONVERGE_LIMIT_S = 30.0
# Writing without any projector (fault 1).
NO_PROJECTOR_S = 10.0
# Terminating the lease holder's backend: how often, for how long (fault 2).
TERMINATE_EVERY_S = 1.0
TERMINATE_FOR_S = 10.0
# How long PostgreSQL stays down (fault 3) and eris-contracts stays dead (fault 4).
PG_DOWN_S = 3.0
CONTRACTS_DOWN_S = 2.0
# Load before the first check, and after each fault before its check.
BASELINE_S = 5.0
AFTER_FAULT_S = 3.0
# The most writes the whole run makes (the run is bounded by time as well).
MAX_WRITES = 20000
# A contract writer keeps at most this many contracts of its own at once.
CONTRACTS_PER_WRITER = 10
# How often the lease holder compares the read models with the contracts service (the product's
# default is 300 s; its first comparison comes about 5 s after taking the lease whatever this is).
RECONCILE_EVERY_S = 3
# Drifted read models (fault 5): contracts that lose a few payments, contracts whose amounts change.
DRIFT_PAYMENTS_GONE = 3
DRIFT_AMOUNTS_CHANGED = 3
# The lease holder's /readyz is asked this often while drift is being mended.
READYZ_EVERY_S = 0.05

WRITER = "management@eris.test"
# The projector's lease: the advisory lock on key 0x7265706f7274696e, as pg_locks shows it.
LEASE_LOCK = ("locktype = 'advisory' and classid = 1919250543 and objid = 1920231790 "
              "and objsubid = 1 and granted")
# A line the relays log when they find their stream reset and publish it again.
RELAY_RESET_LINE = "the event stream was reset"
# The reconciler's counters: contracts found to differ from the contracts service, and mended.
DRIFT_FOUND = "eris_reporting_drift_found_total"
DRIFT_MENDED = "eris_reporting_drift_mended_total"

# ---------------------------------------------------------------------------------------------
# The comparisons, as SQL over both schemas

CONTRACTS_DIFF = """
with src as (select contract_id, company_id, version, coalesce(supplier_id, 0) as supplier_id, status::int as status
             from contracts.contract),
     rep as (select contract_id, company_id, version, coalesce(supplier_id, 0) as supplier_id, status::int as status
             from reporting.contract)
select 'src', * from (select * from src except select * from rep) a
union all
select 'rep', * from (select * from rep except select * from src) b
"""

PAYMENTS_DIFF = """
with src as (select payment_id, contract_id, version, projected_year, projected_month::int as projected_month,
                    projected_payment, coalesce(payment_year, 0) as payment_year,
                    coalesce(payment_month, 0)::int as payment_month, payment_actual
             from contracts.payment),
     rep as (select payment_id, contract_id, version, projected_year, projected_month, projected_payment,
                    payment_year, payment_month, payment_actual
             from reporting.payment)
select 'src', * from (select * from src except select * from rep) a
union all
select 'rep', * from (select * from rep except select * from src) b
"""

# What the revenue cells must hold: every payment of the contracts schema under its contract's
# supplier, projected by projected month (basis 1) and received by the month received (basis 2).
SOURCE_CELLS = """
select b.basis, b.year, b.month, coalesce(c.supplier_id, 0) as supplier_id, sum(b.amount) as amount
from contracts.payment p
join contracts.contract c on c.contract_id = p.contract_id
cross join lateral (values (1, p.projected_year, p.projected_month::int, p.projected_payment),
                           (2, coalesce(p.payment_year, 0), coalesce(p.payment_month, 0)::int, p.payment_actual))
    as b(basis, year, month, amount)
where b.amount is not null and b.month between 1 and 12
group by 1, 2, 3, 4
having sum(b.amount) <> 0
"""

CELLS_DIFF = f"""
with src as ({SOURCE_CELLS}),
     rep as (select basis::int as basis, year, month, supplier_id, amount from reporting.revenue_cell
             where amount <> 0)
select coalesce(s.basis, r.basis), coalesce(s.year, r.year), coalesce(s.month, r.month),
       coalesce(s.supplier_id, r.supplier_id), s.amount, r.amount
from src s
full join rep r on r.basis = s.basis and r.year = s.year and r.month = s.month and r.supplier_id = s.supplier_id
where coalesce(s.amount, 0) <> coalesce(r.amount, 0)
order by 1, 2, 3, 4
"""


def dec(text: str) -> Decimal | None:
    """A numeric column as psql prints it (empty for NULL)."""
    return None if text in ("", None) else Decimal(text)


def money(value) -> Decimal | None:
    """An amount as the REST surface answers it (decimal text, a number or null)."""
    if value is None or value == "":
        return None
    return Decimal(str(value))


def cents(value: Decimal | None) -> str:
    return "-" if value is None else f"{value:.2f}"


# ---------------------------------------------------------------------------------------------
# What differs between the source and the read models


@dataclass
class Diff:
    contracts_missing: list[str] = field(default_factory=list)
    contracts_extra: list[str] = field(default_factory=list)
    contracts_stale: list[str] = field(default_factory=list)
    contracts_differ: list[str] = field(default_factory=list)
    payments_missing: list[str] = field(default_factory=list)
    payments_extra: list[str] = field(default_factory=list)
    payments_stale: list[str] = field(default_factory=list)
    payments_differ: list[str] = field(default_factory=list)
    cells: list[str] = field(default_factory=list)
    cells_off: Decimal = Decimal(0)  # the sum of |source - read model| over the cells that differ
    rest: list[str] = field(default_factory=list)
    rest_checked: bool = False

    @property
    def empty(self) -> bool:
        return not any([self.contracts_missing, self.contracts_extra, self.contracts_stale, self.contracts_differ,
                        self.payments_missing, self.payments_extra, self.payments_stale, self.payments_differ,
                        self.cells, self.rest])

    def summary(self) -> str:
        if self.empty:
            return "equal" + ("" if self.rest_checked else " (REST report not checked)")
        parts = []
        for label, items in [("contracts missing", self.contracts_missing), ("contracts extra", self.contracts_extra),
                             ("contracts stale", self.contracts_stale), ("contracts differ", self.contracts_differ),
                             ("payments missing", self.payments_missing), ("payments extra", self.payments_extra),
                             ("payments stale", self.payments_stale), ("payments differ", self.payments_differ)]:
            if items:
                parts.append(f"{len(items)} {label}")
        if self.cells:
            parts.append(f"{len(self.cells)} revenue cells differ ({cents(self.cells_off)} off in all)")
        if self.rest:
            parts.append(f"{len(self.rest)} REST revenue amounts differ")
        return ", ".join(parts)

    def details(self, limit: int = 4) -> list[str]:
        lines = []
        for label, items in [("contract missing from reporting", self.contracts_missing),
                             ("contract in reporting only", self.contracts_extra),
                             ("contract stale in reporting", self.contracts_stale),
                             ("contract differs", self.contracts_differ),
                             ("payment missing from reporting", self.payments_missing),
                             ("payment in reporting only", self.payments_extra),
                             ("payment stale in reporting", self.payments_stale),
                             ("payment differs at the same version", self.payments_differ),
                             ("revenue cell (basis, year, month, supplier): source vs reporting", self.cells),
                             ("REST revenue report", self.rest)]:
            for item in items[:limit]:
                lines.append(f"{label}: {item}")
            if len(items) > limit:
                lines.append(f"{label}: ... and {len(items) - limit} more")
        return lines


@dataclass
class Check:
    """One check phase: what differed when the load stopped, and how long convergence took."""
    name: str
    writes_acked: int = 0
    writes_failed: int = 0
    at_pause: Diff | None = None
    final: Diff | None = None
    converged_s: float | None = None  # from the load stopping
    since_fault_s: float | None = None  # from the fault's end (the service back)
    acked_problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------------------------------
# The run


class MoneyRun(fault_test.FaultRun):
    """The stack, the money-writing load and the checks; recording and sign-in come from FaultRun."""

    def __init__(self, args) -> None:
        super().__init__(args)
        self.load_on = threading.Event()  # cleared: the writers wait (a check is running)
        self.registry_lock = threading.Lock()
        # Acknowledged state: contract id -> {version, supplier, deleted, uncertain};
        # payment id -> {contract, version, amounts..., deleted, uncertain}. "Uncertain" records had
        # a write after their last acknowledged one whose outcome is unknown; they are not checked.
        self.contracts: dict[int, dict] = {}
        self.payments: dict[int, dict] = {}
        self.writes = 0
        self.checks: list[Check] = []
        self.failures: list[str] = []
        self.assertions: list[tuple[bool, str]] = []  # (holds, what) beyond the checks' own
        self.findings: list[str] = []  # informational lines for the summary
        self.company_ids: list[int] = []
        self.suppliers: dict[str, list[int]] = {}
        self.commodities: list[str] = []
        self.unexpected_answers: collections.Counter = collections.Counter()
        self.terminations: list[str] = []
        self.lease_holders_seen: collections.Counter = collections.Counter()
        self.year = business_year()

    # -- the load ---------------------------------------------------------------------------

    def begin_write(self) -> bool:
        """Counts a write as in flight unless the load is paused (atomically with pause())."""
        with self.inflight_lock:
            if not self.load_on.is_set() or self.writes >= MAX_WRITES:
                return False
            self.inflight += 1
            self.writes += 1
            return True

    def end_write(self) -> None:
        with self.inflight_lock:
            self.inflight -= 1

    def pause(self) -> None:
        """Stops the load and waits for the writes in flight to answer."""
        with self.inflight_lock:
            self.load_on.clear()
        deadline = time.monotonic() + fault_test.CLIENT_TIMEOUT_S + 5
        while self.inflight > 0 and time.monotonic() < deadline:
            time.sleep(0.02)
        if self.inflight > 0:
            raise HarnessError(f"{self.inflight} writes still in flight {fault_test.CLIENT_TIMEOUT_S + 5:g} s "
                               "after the load stopped")

    def resume(self) -> None:
        self.load_on.set()

    def write(self, op: str, method: str, path: str, body, token: str) -> fault_test.Outcome:
        outcome = self.call(op, method, path, body, token)
        if outcome.failure is not None and outcome.status is not None and outcome.status < 500 \
                and outcome.status != 401:
            # A refusal of a well-formed write to one's own record: worth a look either way.
            self.unexpected_answers[f"{op} {outcome.status}: {str(outcome.body)[:120]}"] += 1
        return outcome

    def worker(self, index: int) -> None:
        rng = random.Random(f"{self.run_id}-{index}")
        token = None
        mine: dict[int, dict] = {}  # this writer's contracts: id -> {version, supplier, commodity, payments}
        while not self.stop_load.is_set():
            if not self.load_on.is_set():
                self.load_on.wait(0.1)
                continue
            if token is None:
                token = self.login(WRITER)
                if token is None:
                    self.stop_load.wait(0.2)
                    continue
            if not self.begin_write():
                self.stop_load.wait(0.05)
                continue
            try:
                outcome = self.one_write(rng, token, mine)
            finally:
                self.end_write()
            if outcome is not None and outcome.status == 401:
                token = None
            elif outcome is not None and outcome.failure is not None:
                self.stop_load.wait(0.1)  # do not spin on a service that is down
            self.stop_load.wait(rng.uniform(0.02, 0.08))

    def one_write(self, rng: random.Random, token: str, mine: dict[int, dict]) -> fault_test.Outcome | None:
        with_payments = [cid for cid, c in mine.items() if c["payments"]]
        roll = rng.random()
        if len(mine) < 2 or (roll < 0.08 and len(mine) < CONTRACTS_PER_WRITER):
            return self.create_contract(rng, token, mine)
        if roll < 0.12 and len(mine) > 3:
            return self.delete_contract(rng.choice(list(mine)), token, mine)
        if roll < 0.25:
            return self.change_supplier(rng, rng.choice(list(mine)), token, mine)
        if roll < 0.50 and with_payments:
            cid = rng.choice(with_payments)
            return self.update_payment(rng, cid, rng.choice(list(mine[cid]["payments"])), token, mine)
        if roll < 0.60 and with_payments:
            cid = rng.choice(with_payments)
            return self.delete_payment(cid, rng.choice(list(mine[cid]["payments"])), token, mine)
        return self.add_payment(rng, rng.choice(list(mine)), token, mine)

    def create_contract(self, rng: random.Random, token: str, mine: dict[int, dict]) -> fault_test.Outcome:
        commodity = rng.choice(self.commodities)
        supplier = rng.choice(self.suppliers[commodity])
        body = {
            "LeadId": rng.choice(self.company_ids),
            "Commodity": commodity,
            "SupplierId": supplier,
            # Some have ended already: the contracts service makes those Inactive when it starts.
            "StartDate": rng.choice([f"{self.year - 1}-06-01", f"{self.year}-01-01", f"{self.year}-03-01"]),
            "TermLength": rng.choice([12, 24, 36]),
        }
        outcome = self.write("createContract", "POST", "/api/contracts", body, token)
        if outcome.failure is None and isinstance(outcome.body, dict) and isinstance(outcome.body.get("ContractId"), int):
            cid = outcome.body["ContractId"]
            got_supplier = outcome.body.get("SupplierId") or 0
            mine[cid] = {"version": outcome.body.get("Version"), "supplier": got_supplier,
                         "commodity": commodity, "payments": {}}
            with self.registry_lock:
                self.contracts[cid] = {"version": outcome.body.get("Version"), "supplier": got_supplier,
                                       "deleted": False, "uncertain": False, "phase": outcome.phase}
        return outcome

    def contract_uncertain(self, cid: int, mine: dict[int, dict], with_payments: bool) -> None:
        mine.pop(cid, None)
        with self.registry_lock:
            if cid in self.contracts:
                self.contracts[cid]["uncertain"] = True
            if with_payments:
                for payment in self.payments.values():
                    if payment["contract"] == cid:
                        payment["uncertain"] = True

    def change_supplier(self, rng: random.Random, cid: int, token: str, mine: dict[int, dict]) -> fault_test.Outcome:
        contract = mine[cid]
        choices = [s for s in self.suppliers[contract["commodity"]] if s != contract["supplier"]]
        # Now and then the contract names no supplier (its payments count under "No supplier").
        supplier = 0 if rng.random() < 0.15 or not choices else rng.choice(choices)
        body = {"SupplierId": supplier, "Version": contract["version"]}
        outcome = self.write("changeSupplier", "PUT", f"/api/contracts/{cid}", body, token)
        if outcome.failure is None and isinstance(outcome.body, dict):
            contract["version"] = outcome.body.get("Version")
            contract["supplier"] = outcome.body.get("SupplierId") or 0
            with self.registry_lock:
                self.contracts[cid].update(version=contract["version"], supplier=contract["supplier"])
        else:
            self.contract_uncertain(cid, mine, with_payments=False)
        return outcome

    def delete_contract(self, cid: int, token: str, mine: dict[int, dict]) -> fault_test.Outcome:
        outcome = self.write("deleteContract", "DELETE", f"/api/contracts/{cid}", None, token)
        if outcome.failure is None:
            mine.pop(cid, None)
            with self.registry_lock:
                self.contracts[cid]["deleted"] = True
                for payment in self.payments.values():
                    if payment["contract"] == cid:
                        payment["deleted"] = True
        else:
            self.contract_uncertain(cid, mine, with_payments=True)
        return outcome

    def payment_values(self, rng: random.Random) -> dict:
        """Projected in this year mostly (the revenue report's year), some received."""
        values = {
            "ProjectedMonth": rng.randint(1, 12),
            "ProjectedYear": rng.choice([self.year - 1, self.year, self.year, self.year, self.year + 1]),
            "ProjectedPayment": f"{rng.randint(-5000, 500000) / 100:.2f}",
            "PaymentMonth": 0,
            "PaymentYear": 0,
            "PaymentActual": None,
        }
        if rng.random() < 0.4:
            values.update(PaymentMonth=rng.randint(1, 12), PaymentYear=rng.choice([self.year - 1, self.year]),
                          PaymentActual=f"{rng.randint(0, 500000) / 100:.2f}")
        return values

    def remember_payment(self, cid: int, answer: dict, phase: str, mine: dict[int, dict]) -> None:
        pid = answer["PaymentId"]
        kept = {
            "contract": cid,
            "version": answer.get("Version"),
            "projected_year": answer.get("ProjectedYear"),
            "projected_month": answer.get("ProjectedMonth"),
            "projected_payment": money(answer.get("ProjectedPayment")),
            "payment_year": answer.get("PaymentYear") or 0,
            "payment_month": answer.get("PaymentMonth") or 0,
            "payment_actual": money(answer.get("PaymentActual")),
        }
        if cid in mine:
            mine[cid]["payments"][pid] = dict(answer)
        with self.registry_lock:
            self.payments[pid] = {**kept, "deleted": False, "uncertain": False, "phase": phase}

    def add_payment(self, rng: random.Random, cid: int, token: str, mine: dict[int, dict]) -> fault_test.Outcome:
        body = {"ContractId": cid, **self.payment_values(rng)}
        outcome = self.write("addPayment", "POST", f"/api/addPayment/{cid}", body, token)
        if outcome.failure is None and isinstance(outcome.body, dict) and isinstance(outcome.body.get("PaymentId"), int):
            self.remember_payment(cid, outcome.body, outcome.phase, mine)
        elif outcome.status == 404:
            self.contract_uncertain(cid, mine, with_payments=True)
        return outcome

    def payment_uncertain(self, cid: int, pid: int, mine: dict[int, dict]) -> None:
        if cid in mine:
            mine[cid]["payments"].pop(pid, None)
        with self.registry_lock:
            if pid in self.payments:
                self.payments[pid]["uncertain"] = True

    def update_payment(self, rng: random.Random, cid: int, pid: int, token: str,
                       mine: dict[int, dict]) -> fault_test.Outcome:
        current = mine[cid]["payments"][pid]
        body = {key: current.get(key) for key in ("ContractId", "ProjectedMonth", "ProjectedYear", "ProjectedPayment",
                                                  "PaymentMonth", "PaymentYear", "PaymentActual", "Version")}
        body["ContractId"] = cid
        roll = rng.random()
        fresh = self.payment_values(rng)
        if roll < 0.5:
            body["ProjectedPayment"] = fresh["ProjectedPayment"]
        elif roll < 0.7:
            body.update(ProjectedMonth=fresh["ProjectedMonth"], ProjectedYear=fresh["ProjectedYear"])
        elif roll < 0.9:
            body.update(PaymentMonth=rng.randint(1, 12), PaymentYear=rng.choice([self.year - 1, self.year]),
                        PaymentActual=f"{rng.randint(0, 500000) / 100:.2f}")
        else:
            body.update(PaymentMonth=0, PaymentYear=0, PaymentActual=None)
        outcome = self.write("updatePayment", "PUT", f"/api/updatePayment/{pid}", body, token)
        if outcome.failure is None and isinstance(outcome.body, dict) and outcome.body.get("PaymentId") == pid:
            self.remember_payment(cid, outcome.body, outcome.phase, mine)
        else:
            self.payment_uncertain(cid, pid, mine)
        return outcome

    def delete_payment(self, cid: int, pid: int, token: str, mine: dict[int, dict]) -> fault_test.Outcome:
        outcome = self.write("deletePayment", "GET", f"/api/deletePaymentRecord/{pid}", None, token)
        if outcome.failure is None:
            mine[cid]["payments"].pop(pid, None)
            with self.registry_lock:
                self.payments[pid]["deleted"] = True
        else:
            self.payment_uncertain(cid, pid, mine)
        return outcome

    # -- comparing the read models with the source -------------------------------------------

    def compare(self, with_rest: bool = True) -> Diff:
        diff = Diff()
        self.compare_contracts(diff)
        self.compare_payments(diff)
        self.compare_cells(diff)
        if with_rest and diff.empty:
            self.compare_rest(diff)
        return diff

    def compare_only(self, contract_ids: list[int]) -> Diff:
        """These contracts and their payments only (the revenue cells and the report are shared)."""
        diff = Diff()
        self.compare_contracts(diff, contract_ids)
        self.compare_payments(diff, contract_ids)
        return diff

    @staticmethod
    def restricted(sql: str, contract_ids: list[int] | None) -> str:
        if contract_ids is None:
            return sql
        ids = ", ".join(str(int(cid)) for cid in contract_ids) or "null"
        return f"select * from ({sql}) d where d.contract_id in ({ids})"

    def compare_contracts(self, diff: Diff, only: list[int] | None = None) -> None:
        src, rep = {}, {}
        for side, cid, company, version, supplier, status in self.pg.query(self.restricted(CONTRACTS_DIFF, only)):
            row = (int(company), int(version), int(supplier), int(status))
            (src if side == "src" else rep)[int(cid)] = row
        describe = lambda r: f"company {r[0]} v{r[1]} supplier {r[2]} status {r[3]}"  # noqa: E731
        for cid in sorted(src.keys() - rep.keys()):
            diff.contracts_missing.append(f"{cid} ({describe(src[cid])})")
        for cid in sorted(rep.keys() - src.keys()):
            diff.contracts_extra.append(f"{cid} ({describe(rep[cid])})")
        for cid in sorted(src.keys() & rep.keys()):
            text = f"{cid}: source {describe(src[cid])}, reporting {describe(rep[cid])}"
            (diff.contracts_stale if rep[cid][1] < src[cid][1] else diff.contracts_differ).append(text)

    def compare_payments(self, diff: Diff, only: list[int] | None = None) -> None:
        src, rep = {}, {}
        for side, pid, cid, version, py, pm, pp, ay, am, pa in self.pg.query(self.restricted(PAYMENTS_DIFF, only)):
            row = (int(cid), int(version), int(py), int(pm), dec(pp), int(ay), int(am), dec(pa))
            (src if side == "src" else rep)[int(pid)] = row

        def describe(r) -> str:
            received = f", received {cents(r[7])} in {r[5]}-{r[6]:02d}" if r[7] is not None else ""
            return f"contract {r[0]} v{r[1]} projected {cents(r[4])} in {r[2]}-{r[3]:02d}{received}"

        for pid in sorted(src.keys() - rep.keys()):
            diff.payments_missing.append(f"{pid} ({describe(src[pid])})")
        for pid in sorted(rep.keys() - src.keys()):
            diff.payments_extra.append(f"{pid} ({describe(rep[pid])})")
        for pid in sorted(src.keys() & rep.keys()):
            text = f"{pid}: source {describe(src[pid])}; reporting {describe(rep[pid])}"
            (diff.payments_stale if rep[pid][1] < src[pid][1] else diff.payments_differ).append(text)

    def compare_cells(self, diff: Diff) -> None:
        basis_name = {"1": "projected", "2": "received"}
        for basis, year, month, supplier, src, rep in self.pg.query(CELLS_DIFF):
            src_amount, rep_amount = dec(src) or Decimal(0), dec(rep) or Decimal(0)
            diff.cells_off += abs(src_amount - rep_amount)
            diff.cells.append(f"({basis_name.get(basis, basis)}, {year}, {int(month):02d}, {supplier}): "
                              f"{cents(src_amount)} vs {cents(rep_amount)} ({cents(rep_amount - src_amount)})")

    def source_revenue(self, year: int) -> dict[int, dict[tuple[int, int], Decimal]]:
        """basis -> (supplier, month) -> the sum over the contracts schema, for one year."""
        sums: dict[int, dict[tuple[int, int], Decimal]] = {1: {}, 2: {}}
        for basis, _, month, supplier, amount in self.pg.query(
                f"select * from ({SOURCE_CELLS}) s where s.year = {int(year)}"):
            sums[int(basis)][(int(supplier), int(month))] = Decimal(amount)
        return sums

    def compare_rest(self, diff: Diff) -> None:
        """The revenue reports as Management reads them, against the sums over the source."""
        expected = self.source_revenue(self.year)
        for basis, path in [(1, "/api/reports/revenueBySupplier"), (2, "/api/reports/actualrevenueBySupplier")]:
            outcome = self.call("revenueReport", "GET", f"{path}?year={self.year}", token=self.probe_token)
            if outcome.status == 401:
                self.probe_token = self.login(WRITER, "probe login") or self.probe_token
                outcome = self.call("revenueReport", "GET", f"{path}?year={self.year}", token=self.probe_token)
            if outcome.failure is not None or not isinstance(outcome.body, list):
                diff.rest.append(f"{path}: {outcome.status or outcome.failure} {str(outcome.body)[:120]}")
                continue
            got: dict[tuple[int, int], Decimal] = {}
            for row in outcome.body:
                supplier = int(row.get("SupplierId") or 0)
                monthly = row.get("MonthlyRevenues") or []
                for month, amount in enumerate(monthly, start=1):
                    value = money(amount) or Decimal(0)
                    if value != 0:
                        got[(supplier, month)] = got.get((supplier, month), Decimal(0)) + value
                total = money(row.get("Total")) or Decimal(0)
                if total != sum((money(a) or Decimal(0) for a in monthly), Decimal(0)):
                    diff.rest.append(f"{path}: supplier {supplier}'s total {cents(total)} is not the sum of its months")
            for key in sorted(expected[basis].keys() | got.keys()):
                want, have = expected[basis].get(key, Decimal(0)), got.get(key, Decimal(0))
                if want != have:
                    diff.rest.append(f"{path}?year={self.year}: supplier {key[0]}, month {key[1]}: "
                                     f"report {cents(have)}, contracts {cents(want)}")
            diff.rest_checked = True

    def converge(self, check: Check, fault_ended: float | None) -> None:
        """Polls until the read models equal the source, or CONVERGE_LIMIT_S passes."""
        paused = time.monotonic()
        check.at_pause = self.compare()
        diff = check.at_pause
        while not diff.empty and time.monotonic() - paused < CONVERGE_LIMIT_S:
            self.stack.check_alive()
            time.sleep(0.5)
            diff = self.compare()
        check.final = diff
        if diff.empty:
            now = time.monotonic()
            check.converged_s = now - paused
            if fault_ended is not None:
                check.since_fault_s = now - fault_ended
        log(f"{check.name}: at the pause {check.at_pause.summary()}; "
            + (f"equal after {check.converged_s:.1f} s" if diff.empty
               else f"still differs after {CONVERGE_LIMIT_S:g} s: {diff.summary()}"))
        for line in ([] if diff.empty else diff.details()):
            log(f"    {line}")

    # -- acknowledged writes ----------------------------------------------------------------

    def verify_acked(self) -> list[str]:
        """Every acknowledged write is in the contracts schema as acknowledged (deletions too)."""
        stored_contracts = {int(cid): (int(version), int(supplier)) for cid, version, supplier in self.pg.query(
            "select contract_id, version, coalesce(supplier_id, 0) from contracts.contract")}
        stored_payments = {}
        for pid, cid, version, py, pm, pp, ay, am, pa in self.pg.query(
                "select payment_id, contract_id, version, projected_year, projected_month, projected_payment, "
                "coalesce(payment_year, 0), coalesce(payment_month, 0), payment_actual from contracts.payment"):
            stored_payments[int(pid)] = (int(cid), int(version), int(py), int(pm), dec(pp), int(ay), int(am), dec(pa))
        problems = []
        with self.registry_lock:
            contracts = {k: dict(v) for k, v in self.contracts.items()}
            payments = {k: dict(v) for k, v in self.payments.items()}
        for cid, c in sorted(contracts.items()):
            if c["uncertain"]:
                continue
            stored = stored_contracts.get(cid)
            if c["deleted"]:
                if stored is not None:
                    problems.append(f"contract {cid}: deleted (acknowledged) but still stored")
            elif stored is None:
                problems.append(f"contract {cid}: acknowledged (v{c['version']}, {c['phase']}) but not stored")
            # The service's own sweep may change a contract since (its status), never its supplier.
            elif stored[0] < c["version"] or stored[1] != c["supplier"]:
                problems.append(f"contract {cid}: acknowledged v{c['version']} supplier {c['supplier']}, "
                                f"stored v{stored[0]} supplier {stored[1]}")
        for pid, p in sorted(payments.items()):
            if p["uncertain"]:
                continue
            stored = stored_payments.get(pid)
            if p["deleted"]:
                if stored is not None:
                    problems.append(f"payment {pid}: deleted (acknowledged) but still stored")
                continue
            if stored is None:
                problems.append(f"payment {pid}: acknowledged (v{p['version']}, {p['phase']}) but not stored")
                continue
            want = (p["contract"], p["version"], p["projected_year"], p["projected_month"], p["projected_payment"],
                    p["payment_year"], p["payment_month"], p["payment_actual"])
            if stored != want:
                problems.append(f"payment {pid}: acknowledged {want}, stored {stored}")
        return problems

    # -- the lease, the watermarks and the metrics ------------------------------------------

    def lease_backends(self) -> list[int]:
        return [int(r[0]) for r in self.pg.query(f"select pid from pg_locks where {LEASE_LOCK}")]

    def lease_holder(self) -> tuple[int, str]:
        """The fencing token and which reporting process took the lease last (by its process id)."""
        rows = self.pg.query("select epoch, holder from reporting.projector_lease")
        if not rows:
            return 0, "none"
        epoch, holder = int(rows[0][0]), rows[0][1]
        return epoch, self.process_of(holder)

    def process_of(self, holder: str) -> str:
        """The consumer name is projector-<host>-<pid>-<nanos>."""
        parts = holder.rsplit("-", 2)
        pid = int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else None
        for name in ("reporting", "reporting2"):
            proc = self.stack.procs.get(name)
            if proc is not None and proc.pid == pid:
                return name + ("" if proc.poll() is None else " (exited)")
        return f"pid {pid} (not running here)" if pid is not None else (holder or "none")

    def positions(self) -> tuple[int, int]:
        """The contracts relay's last publication number, and the projector's watermark for it."""
        rows = self.pg.query(
            "select (select last_seq from contracts.outbox_relay), "
            "coalesce((select applied_seq from reporting.stream_position where service = 'contracts'), 0)")
        return int(rows[0][0]), int(rows[0][1])

    def measure_catch_up(self) -> dict:
        """From now (a fault's end), under load: how long until the projector has applied every
        contracts event published before now. Measured by a thread of its own."""
        started = time.monotonic()
        target, applied = self.positions()
        result = {"backlog": max(0, target - applied), "target": target, "seconds": None}

        def poll() -> None:
            while time.monotonic() - started < CONVERGE_LIMIT_S + AFTER_FAULT_S:
                try:
                    if self.positions()[1] >= target:
                        result["seconds"] = time.monotonic() - started
                        return
                except HarnessError:
                    pass  # PostgreSQL restarting
                time.sleep(0.1)

        result["thread"] = threading.Thread(target=poll, daemon=True, name="catch-up")
        result["thread"].start()
        return result

    def watermarks(self) -> str:
        rows = self.pg.query(
            "select (select last_seq from contracts.outbox_relay), "
            "(select applied_seq from reporting.stream_position where service = 'contracts'), "
            "(select count(*) from contracts.outbox where published_at is null)")
        numbered, applied, unpublished = rows[0]
        return f"contracts outbox numbered to {numbered}, reporting applied to {applied or 0}, {unpublished} unpublished"

    def metrics(self, name: str) -> dict[str, float]:
        port = self.metrics_ports[name]
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/metrics")
            text = conn.getresponse().read().decode(errors="replace")
            conn.close()
        except OSError as error:
            return {"error": str(error)}  # type: ignore[dict-item]
        values = {}
        for line in text.splitlines():
            if line.startswith("#") or " " not in line:
                continue
            key, value = line.rsplit(" ", 1)
            if key.startswith(("eris_reporting_", "eris_relay_")):
                try:
                    values[key] = float(value)
                except ValueError:
                    pass
        return values

    def describe_metrics(self) -> str:
        parts = []
        for name in ("reporting", "reporting2"):
            m = self.metrics(name)
            if "error" in m:
                parts.append(f"{name}: /metrics unreachable")
                continue
            pick = lambda prefix: sum(v for k, v in m.items() if k.startswith(prefix))  # noqa: E731
            lag = m.get('eris_reporting_event_lag_seconds{stream="contracts"}')
            parts.append(f"{name}: contracts lag {'-' if lag is None else f'{lag:g} s'}, "
                         f"gaps {pick('eris_reporting_stream_gaps_total'):g}, "
                         f"lease lost {pick('eris_reporting_lease_lost_total'):g}, "
                         f"stream resets {pick('eris_reporting_stream_resets_total'):g}, "
                         f"drift found {pick(DRIFT_FOUND):g} mended {pick(DRIFT_MENDED):g}")
        return "; ".join(parts)

    def drift_counters(self) -> tuple[float, float] | None:
        """eris_reporting_drift_found_total and _mended_total summed over both reporting processes
        (a counter never incremented is not exported yet: 0); None when a /metrics is unreachable."""
        found = mended = 0.0
        for name in ("reporting", "reporting2"):
            m = self.metrics(name)
            if "error" in m:
                return None
            found += sum(v for k, v in m.items() if k.startswith(DRIFT_FOUND))
            mended += sum(v for k, v in m.items() if k.startswith(DRIFT_MENDED))
        return found, mended

    def readyz_of(self, name: str) -> tuple[int | None, object]:
        """A reporting process's /readyz (on its metrics listener): the status code and the parsed
        body, or None and what went wrong."""
        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.metrics_ports[name], timeout=5)
            conn.request("GET", "/readyz")
            response = conn.getresponse()
            raw = response.read()
            conn.close()
        except (OSError, http.client.HTTPException) as error:
            return None, f"{type(error).__name__}: {error}"
        try:
            return response.status, json.loads(raw)
        except ValueError:
            return response.status, raw.decode(errors="replace")[:200]

    def relay_resets_logged(self) -> int:
        try:
            with open(self.stack.logfile("contracts"), "rb") as handle:
                return handle.read().decode(errors="replace").count(RELAY_RESET_LINE)
        except OSError:
            return 0

    # -- setting up -------------------------------------------------------------------------

    def start_reporting(self, names=("reporting", "reporting2")) -> None:
        for name in names:
            self.stack.start(name)
        for name in names:
            for port in (self.stack.ports[name], self.metrics_ports[name]):
                if not wait_port(port, 60):
                    raise HarnessError(f"{name} did not listen on {port}:\n{tail(self.stack.logfile(name))}")

    def wait_lease(self, timeout: float = 20.0) -> float | None:
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            if len(self.lease_backends()) == 1:
                return time.monotonic() - started
            time.sleep(0.2)
        return None

    def main(self) -> int:
        args = self.args
        base = args.grpc_base_port
        self.metrics_ports = {"reporting": base + 10, "reporting2": base + 11}
        ports = [args.pg_port, args.redis_port, args.http_port, *range(base, base + 6),
                 *self.metrics_ports.values()]
        taken = [p for p in ports if not port_bindable(p)]
        if taken:
            raise HarnessError(f"ports already in use: {taken} (another run, or pick others with --*-port)")

        workdir = tempfile.mkdtemp(prefix="eris-money-")
        os.chmod(workdir, 0o755)
        if args.keep:
            log(f"keeping {workdir} (logs of every process)")
        else:
            CLEANUP.push("temporary directory", lambda: shutil.rmtree(workdir, ignore_errors=True))
        log(f"run {self.run_id}; binaries from {args.bin_dir}; work directory {workdir}")

        self.pg = pg = fault_test.Postgres(workdir, args.pg_port)
        pg.init()
        pg.start()
        log(f"PostgreSQL on 127.0.0.1:{pg.port}")
        self.redis = redis = fault_test.Redis(workdir, args.redis_port)
        redis.start()
        log(f"Redis on 127.0.0.1:{redis.port}")

        self.stack = stack = fault_test.Stack(args.bin_dir, workdir, pg, redis, base, args.http_port,
                                              f"eris-money-{self.run_id}:")
        if stack.in_helper:
            raise HarnessError("missing: " + ", ".join(f"{os.path.join(args.bin_dir, 'eris-' + s)}"
                                                       for s in stack.in_helper))
        # Every service reaches its peers here, and shares the secret that opens the snapshots.
        stack.env.update({
            "ERIS_CRM_URL": f"http://127.0.0.1:{stack.ports['crm']}",
            "ERIS_CONTRACTS_URL": f"http://127.0.0.1:{stack.ports['contracts']}",
            "ERIS_SOURCING_URL": f"http://127.0.0.1:{stack.ports['sourcing']}",
            "ERIS_SERVICE_SECRET": uuid.uuid4().hex,
            "ERIS_CONTRACT_FILES_DIR": os.path.join(workdir, "contract-files"),
        })
        # A second reporting process: the same binary on ports of its own, both running the projector.
        stack.ports["reporting2"] = base + 5
        stack.binaries["reporting2"] = "eris-reporting"
        for name in ("reporting", "reporting2"):
            stack.extra_env[name] = {"ERIS_METRICS_LISTEN": f"127.0.0.1:{self.metrics_ports[name]}",
                                     "ERIS_REPORTING_PROJECTOR": "true",
                                     "ERIS_RECONCILE_SECONDS": str(RECONCILE_EVERY_S)}

        stack.seed(args.companies)
        stack.start("identity")
        if not wait_port(stack.ports["identity"], 60):
            raise HarnessError(f"identity did not listen:\n{tail(stack.logfile('identity'))}")
        for name in ("crm", "contracts", "sourcing"):
            stack.start(name)
        for name in ("crm", "contracts", "sourcing"):
            if not wait_port(stack.ports[name], 60):
                raise HarnessError(f"{name} did not listen:\n{tail(stack.logfile(name))}")
        self.rebuild()
        # The seeded book: contracts up to this id are never written by the load.
        self.seeded_max = int(pg.query("select coalesce(max(contract_id), 0) from contracts.contract")[0][0])
        self.start_reporting()
        stack.start("gateway")
        self.wait_until_ready(stack)
        if self.wait_lease() is None:
            raise HarnessError("no reporting process took the projector's lease:\n" + tail(stack.logfile("reporting")))
        log(f"every service is up; gateway at http://127.0.0.1:{args.http_port}, reporting on "
            f"{stack.ports['reporting']} and {stack.ports['reporting2']}")

        self.probe_token = self.login(WRITER, "probe login")
        if not self.probe_token:
            raise HarnessError(f"{WRITER} could not sign in")
        self.company_ids = [int(r[0]) for r in pg.query(
            "select company_id from crm.company order by company_id limit 40")]
        if not self.company_ids:
            raise HarnessError("the seed made no companies")
        outcome = self.call("getSuppliers", "GET", "/api/getSuppliers", token=self.probe_token)
        if outcome.failure is not None or not isinstance(outcome.body, list):
            raise HarnessError(f"GET /api/getSuppliers answered {outcome.status or outcome.failure}: {outcome.body}")
        for s in outcome.body:
            if not s.get("Archived") and s.get("Commodity") in ("Electric", "Gas"):
                self.suppliers.setdefault(s["Commodity"], []).append(s["SupplierId"])
        self.commodities = [c for c, ids in self.suppliers.items() if len(ids) >= 2]
        if not self.commodities:
            raise HarnessError(f"the sourcing directory has too few suppliers: {self.suppliers}")
        # Electric contracts mostly, as in a brokerage's book.
        if "Electric" in self.commodities:
            self.commodities += ["Electric"] * 2
        log(f"suppliers: " + ", ".join(f"{c} {len(ids)}" for c, ids in self.suppliers.items())
            + f"; writing as {WRITER} on {len(self.company_ids)} companies")

        threads = [threading.Thread(target=self.worker, args=(i,), daemon=True, name=f"load-{i}")
                   for i in range(args.workers)]
        for thread in threads:
            thread.start()
        try:
            self.scenario()
        finally:
            self.load_on.clear()
            self.stop_load.set()
        for thread in threads:
            thread.join(timeout=fault_test.CLIENT_TIMEOUT_S + 5)
        self.final_checks()
        return self.report()

    def rebuild(self) -> None:
        """The seeded book reaches the read models by a rebuild from the services' snapshots."""
        started = time.monotonic()
        last = None
        for _ in range(20):
            result = subprocess.run(
                [os.path.join(self.args.bin_dir, "eris-reporting"), "rebuild"],
                env={**self.stack.env, "RUST_LOG": "warn"}, capture_output=True, text=True, timeout=300,
            )
            if result.returncode == 0:
                counts = ", ".join(line.strip() for line in result.stdout.splitlines() if line.strip())
                log(f"read models rebuilt in {time.monotonic() - started:.1f} s ({counts})")
                return
            last = result
            time.sleep(1)
        raise HarnessError(f"eris-reporting rebuild failed:\n{last.stdout}\n{last.stderr[-3000:]}")

    # -- the scenario -----------------------------------------------------------------------

    def check(self, name: str, since_phase_index: int, fault_ended: float | None,
              catch_up: dict | None = None) -> Check:
        """Stops the load, waits for the read models to equal the source, verifies acknowledged
        writes, and lets the load go on."""
        self.pause()
        self.set_phase(f"check {name}")
        check = Check(name)
        phases = {p for p, _, _ in self.phase_times[since_phase_index:]}
        writes = [o for o in self.outcomes if o.phase in phases and o.op in WRITE_OPS]
        check.writes_acked = sum(1 for o in writes if o.failure is None)
        check.writes_failed = len(writes) - check.writes_acked
        self.converge(check, fault_ended)
        if catch_up is not None:
            catch_up["thread"].join(timeout=max(0.0, CONVERGE_LIMIT_S + AFTER_FAULT_S))
            took = catch_up["seconds"]
            check.notes.append(
                f"backlog at the fault's end: {catch_up['backlog']} contracts events; every event published by then "
                f"(to number {catch_up['target']}) applied "
                + ("never" if took is None else f"{took:.1f} s after the fault's end") + ", the load going on")
        if check.acked_problems:
            log(f"{name}: {len(check.acked_problems)} acknowledged writes not as acknowledged, e.g. "
                f"{check.acked_problems[:3]}")
        epoch, holder = self.lease_holder()
        check.notes.append(f"lease epoch {epoch}, held by {holder}; {self.watermarks()}")
        check.notes.append(self.describe_metrics())
        for note in check.notes:
            log(f"    {note}")
        self.checks.append(check)
        self.resume()
        return check

    def load_for(self, name: str, seconds: float) -> None:
        self.resume()
        self.steady(name, seconds)

    def scenario(self) -> None:
        start = len(self.phase_times)
        self.load_for("baseline", BASELINE_S)
        self.check("baseline", start, None)

        # 1. No projector, and Redis loses every stream.
        start = len(self.phase_times)
        self.set_phase("no projector")
        self.stack.kill9("reporting")
        self.stack.kill9("reporting2")
        resets_before = self.relay_resets_logged()
        self.redis.stop()
        self.redis.start()
        log("both reporting processes killed; Redis started again empty")
        self.steady("no projector", NO_PROJECTOR_S)
        no_projector_acked = sum(1 for o in self.outcomes if o.phase == "no projector" and o.op in WRITE_OPS
                                 and o.failure is None)
        self.set_phase("reporting back")
        back = time.monotonic()
        catch_up = self.measure_catch_up()  # the backlog includes starting both processes
        self.start_reporting()
        self.steady("reporting back", AFTER_FAULT_S)
        check = self.check("1 no projector, Redis emptied", start, back, catch_up)
        check.notes.insert(0, f"{no_projector_acked} writes acknowledged while no projector ran")
        if no_projector_acked == 0:
            self.failures.append("no write was acknowledged while no projector ran (the fault was not exercised)")
        resets = self.relay_resets_logged() - resets_before
        check.notes.insert(1, f"the contracts relay logged {resets} stream resets")
        if resets == 0:
            self.failures.append(f"the contracts relay never logged '{RELAY_RESET_LINE}' after Redis came back empty")

        # 1b. Redis loses everything under running projectors, without going away (an operator's
        # FLUSHALL): no connection fails, the streams, consumer groups and watermarks just vanish.
        start = len(self.phase_times)
        self.set_phase("redis emptied")
        resets_before = self.relay_resets_logged()
        self.redis.flushall()
        back = time.monotonic()
        catch_up = self.measure_catch_up()
        self.steady("redis emptied, load on", AFTER_FAULT_S)
        check = self.check("1b Redis emptied under the projectors", start, back, catch_up)
        resets = self.relay_resets_logged() - resets_before
        check.notes.insert(0, f"the contracts relay logged {resets} stream resets")
        if resets == 0:
            self.failures.append(f"the contracts relay never logged '{RELAY_RESET_LINE}' after Redis was emptied")

        # 2. The lease holder's backend is terminated again and again.
        start = len(self.phase_times)
        self.set_phase("lease killed")
        ended = time.monotonic() + TERMINATE_FOR_S
        while time.monotonic() < ended:
            tick = time.monotonic()
            _, holder = self.lease_holder()
            rows = self.pg.query(f"select pid, pg_terminate_backend(pid) from pg_locks where {LEASE_LOCK}")
            if any(r[1] == "t" for r in rows):
                self.terminations.append(holder)
                self.lease_holders_seen[holder.split(" ")[0]] += 1
            self.stack.check_alive()
            time.sleep(max(0.0, TERMINATE_EVERY_S - (time.monotonic() - tick)))
        back = time.monotonic()
        log(f"terminated the lease holder's backend {len(self.terminations)} times "
            f"({', '.join(f'{k} x{v}' for k, v in self.lease_holders_seen.items()) or 'never held'})")
        catch_up = self.measure_catch_up()
        retaken = self.wait_lease()
        self.steady("lease back", AFTER_FAULT_S)
        check = self.check("2 lease holder terminated", start, back, catch_up)
        check.notes.insert(0, f"{len(self.terminations)} lease backends terminated in {TERMINATE_FOR_S:g} s "
                              f"(holders: {', '.join(f'{k} x{v}' for k, v in self.lease_holders_seen.items())}); "
                              f"lease taken again {'never' if retaken is None else f'{retaken:.1f} s'} after the last")
        if len(self.terminations) < 3:
            self.failures.append(f"the lease was held at only {len(self.terminations)} of "
                                 f"{TERMINATE_FOR_S / TERMINATE_EVERY_S:g} terminations (a terminated holder's "
                                 "lease is not taken again within about a second)")

        # 3. PostgreSQL restarts under both projectors.
        start = len(self.phase_times)
        self.set_phase("postgres down")
        self.pg.stop()
        time.sleep(PG_DOWN_S)
        self.set_phase("postgres back")
        self.pg.start()
        back = time.monotonic()
        catch_up = self.measure_catch_up()
        self.steady("postgres back", AFTER_FAULT_S)
        self.check("3 PostgreSQL restarted", start, back, catch_up)

        # 4. eris-contracts dies while it is being written to.
        start = len(self.phase_times)
        self.set_phase("contracts killed")
        wait_until = time.monotonic() + 3
        while self.inflight < min(2, self.args.workers) and time.monotonic() < wait_until:
            time.sleep(0.0005)
        inflight = self.inflight
        self.stack.kill9("contracts")
        log(f"killed eris-contracts with {inflight} writes in flight")
        time.sleep(CONTRACTS_DOWN_S)
        self.set_phase("contracts back")
        self.stack.start("contracts")
        if not wait_port(self.stack.ports["contracts"], 60):
            raise HarnessError(f"contracts did not listen again:\n{tail(self.stack.logfile('contracts'))}")
        back = time.monotonic()
        catch_up = self.measure_catch_up()
        self.steady("contracts back", AFTER_FAULT_S)
        check = self.check("4 contracts killed", start, back, catch_up)
        check.notes.insert(0, f"{inflight} writes in flight when eris-contracts was killed")

        # 5. The read models drift from an unknown cause; no event says so.
        self.drift()

    # -- drifted read models ------------------------------------------------------------------

    def plan_drift(self, rng: random.Random) -> dict:
        """Seeded contracts (the load never writes them, so only the reconciler can mend them) and
        one transaction that changes their read models: some lose payments, some have amounts
        changed, one goes with its payments, and one the contracts service never had comes."""
        rows = self.pg.query(
            "select c.contract_id, count(*), count(*) filter (where p.payment_actual is not null "
            "and p.payment_month between 1 and 12 and p.projected_payment is not null) "
            "from reporting.contract c join reporting.payment p on p.contract_id = c.contract_id "
            f"where c.contract_id <= {self.seeded_max} "
            "and c.contract_id in (select contract_id from contracts.contract) "
            "group by 1 having count(*) >= 3 order by 1")
        candidates = [(int(cid), int(count), int(received)) for cid, count, received in rows]
        rng.shuffle(candidates)
        if len(candidates) < DRIFT_AMOUNTS_CHANGED + DRIFT_PAYMENTS_GONE + 2:
            raise HarnessError(f"the seeded book has only {len(candidates)} contracts with payments")
        # Amounts change preferably on contracts with a payment received (both amounts then change).
        changed = sorted(candidates, key=lambda c: c[2] == 0)[:DRIFT_AMOUNTS_CHANGED]
        rest = [c for c in candidates if c not in changed]
        gone = rest[:DRIFT_PAYMENTS_GONE]
        deleted, template = rest[DRIFT_PAYMENTS_GONE][0], rest[DRIFT_PAYMENTS_GONE + 1][0]

        payments: dict[int, list[tuple[int, bool, bool]]] = collections.defaultdict(list)
        ids = ", ".join(str(c[0]) for c in changed + gone)
        for pid, cid, projected, received in self.pg.query(
                "select payment_id, contract_id, projected_payment is not null, "
                "payment_actual is not null and payment_month between 1 and 12 "
                f"from reporting.payment where contract_id in ({ids}) order by payment_id"):
            payments[int(cid)].append((int(pid), projected == "t", received == "t"))

        # As the reporting service's own sessions run (its trigger functions name its tables unqualified).
        statements = ["begin", "set local search_path to reporting"]
        payments_gone = 0
        for cid, count, _ in gone:
            lost = rng.sample([pid for pid, _, _ in payments[cid]], rng.randint(1, min(3, count - 1)))
            payments_gone += len(lost)
            statements.append(f"delete from reporting.payment where payment_id in ({', '.join(map(str, lost))})")

        def delta() -> str:
            return f"{rng.choice([-1, 1]) * rng.randint(100, 500000) / 100:.2f}"

        amounts_changed = 0
        for cid, _, _ in changed:
            projected = [pid for pid, has, _ in payments[cid] if has]
            received = [pid for pid, _, has in payments[cid] if has]
            pid = rng.choice(projected or [pid for pid, _, _ in payments[cid]])
            statements.append("update reporting.payment set projected_payment = coalesce(projected_payment, 0) "
                              f"+ {delta()} where payment_id = {pid}")
            amounts_changed += 1
            if received:
                statements.append(f"update reporting.payment set payment_actual = payment_actual + {delta()} "
                                  f"where payment_id = {rng.choice(received)}")
                amounts_changed += 1

        deleted_payments = int(self.pg.query(
            f"select count(*) from reporting.payment where contract_id = {deleted}")[0][0])
        statements.append(f"delete from reporting.payment where contract_id = {deleted}")
        statements.append(f"delete from reporting.contract where contract_id = {deleted}")

        # Far above any id the contracts service gives out in a run.
        added = 2_000_000_000 + rng.randint(0, 999_999)
        statements.append(
            "insert into reporting.contract (contract_id, company_id, company_name, commodity, supplier_id, "
            "start_date, term_months, end_date, status, version) "
            f"select {added}, company_id, company_name, commodity, supplier_id, start_date, term_months, end_date, "
            f"status, 1 from reporting.contract where contract_id = {template}")
        statements.append(
            "insert into reporting.payment (payment_id, contract_id, projected_month, projected_year, "
            "projected_payment, payment_month, payment_year, payment_actual, version) values "
            f"({added}, {added}, {rng.randint(1, 12)}, {self.year}, {abs(float(delta())):.2f}, 0, 0, null, 1), "
            f"({added + 1}, {added}, {rng.randint(1, 12)}, {self.year}, {abs(float(delta())):.2f}, "
            f"{rng.randint(1, 12)}, {self.year}, {abs(float(delta())):.2f}, 1)")
        statements.append("commit")

        contracts = sorted([c[0] for c in gone + changed] + [deleted, added])
        return {
            "contracts": contracts,
            "sql": ";\n".join(statements) + ";",
            "what": (f"{len(gone)} contracts lost {payments_gone} payments, {len(changed)} had {amounts_changed} "
                     f"amounts changed, contract {deleted} went with its {deleted_payments} payments, contract "
                     f"{added} (unknown to the contracts service) came with 2 payments"),
        }

    def watch_readyz(self, watch: dict) -> None:
        """Asks the lease holder's /readyz every READYZ_EVERY_S until `watch["stop"]` is set."""
        holder, resolved = None, 0.0
        while not watch["stop"].is_set():
            if time.monotonic() - resolved >= 1.0:
                try:
                    holder = self.lease_holder()[1].split(" ")[0]
                except HarnessError:
                    pass
                resolved = time.monotonic()
            if holder in self.metrics_ports:
                status, body = self.readyz_of(holder)
                watch["answers"].append((time.monotonic(), holder, status, body))
            watch["stop"].wait(READYZ_EVERY_S)

    def drift(self) -> None:
        """Fault 5: the read models of a few contracts are changed behind the projector's back,
        the load going on; the reconciler must find and mend them with no manual step."""
        start = len(self.phase_times)
        self.set_phase("read models drifted")
        plan = self.plan_drift(random.Random(f"{self.run_id}-drift"))
        targets = plan["contracts"]
        already = self.compare_only(targets)
        before = self.drift_counters()
        watch = {"answers": [], "stop": threading.Event()}
        watcher = threading.Thread(target=self.watch_readyz, args=(watch,), daemon=True, name="readyz")
        watcher.start()
        self.pg.query(plan["sql"])
        changed = time.monotonic()
        made = self.compare_only(targets)
        log(f"changed the read models in one transaction: {plan['what']}; now {made.summary()}")

        # Under load: the tampered contracts equal the source again, and the counter says so.
        deadline = changed + CONVERGE_LIMIT_S
        equal_s = counted_s = None
        while time.monotonic() < deadline and (equal_s is None or counted_s is None):
            self.stack.check_alive()
            if equal_s is None and self.compare_only(targets).empty:
                equal_s = time.monotonic() - changed
                log(f"the {len(targets)} tampered contracts equal the source again {equal_s:.1f} s after the change")
            now = self.drift_counters()
            if counted_s is None and before is not None and now is not None and now[1] - before[1] >= len(targets):
                counted_s = time.monotonic() - changed
            time.sleep(0.25)
        watch["stop"].set()
        watcher.join(timeout=10)

        check = self.check("5 read models drifted", start, changed)
        after = self.drift_counters()
        found = mended = None
        if before is not None and after is not None:
            found, mended = after[0] - before[0], after[1] - before[1]

        # What the lease holder's /readyz said, in the order first said.
        answers = watch["answers"]
        malformed = [f"{holder}: {status} {str(body)[:120]}" for _, holder, status, body in answers
                     if status != 200 or not isinstance(body, dict) or not isinstance(body.get("status"), str)]
        said: dict[tuple, list[float]] = {}
        for at, holder, status, body in answers:
            if isinstance(body, dict):
                key = (holder, body.get("status"), tuple(str(r) for r in body.get("reasons") or []))
            else:
                key = (holder, f"{status}", (str(body)[:120],))
            said.setdefault(key, []).append(at - changed)
        mending = [key for key in said if key[1] == "degraded" and any(r.startswith("mending") for r in key[2])]

        fmt = lambda v: "never" if v is None else f"{v:.1f} s"  # noqa: E731
        watched = answers[-1][0] - answers[0][0] if answers else None
        notes = [
            f"read models changed in one transaction: {plan['what']}; the {len(targets)} contracts then: "
            f"{made.summary()}" + ("" if already.empty else f" (they differed before the change: {already.summary()})"),
            f"under load, the tampered contracts equal the source {fmt(equal_s)} after the change; "
            f"{DRIFT_MENDED} over both processes rose by {len(targets)} {fmt(counted_s)} after it",
            f"drift counters over both reporting processes during fault 5: found "
            f"{'?' if found is None else f'+{found:g}'}, mended {'?' if mended is None else f'+{mended:g}'}"
            + ("" if after is None else f" (since the processes started: found {after[0]:g}, mended {after[1]:g})"),
            f"lease holder's /readyz: {len(answers)} answers in {fmt(watched)}"
            f", {len(malformed)} not 200 JSON with a status; "
            + ("said degraded with a mending reason" if mending else "never said degraded with a mending reason"),
        ]
        for (holder, status, reasons), times in said.items():
            notes.append(f"  {holder} /readyz {status} {list(reasons)}: x{len(times)}, "
                         f"{times[0]:+.2f} s to {times[-1]:+.2f} s from the change")
        for note in reversed(notes):
            check.notes.insert(0, note)
        for note in notes:
            log(f"    {note}")

        self.assertions.append((equal_s is not None, f"5: under load, the tampered contracts equal the source within "
                                f"{CONVERGE_LIMIT_S:g} s of the change ({fmt(equal_s)})"))
        self.assertions.append((mended is not None and mended >= len(targets),
                                f"5: {DRIFT_MENDED} over both reporting processes rose by at least the {len(targets)} "
                                f"contracts tampered with (+{'?' if mended is None else f'{mended:g}'}; found "
                                f"+{'?' if found is None else f'{found:g}'})"))
        self.assertions.append((bool(answers) and not malformed,
                                f"5: the lease holder's /readyz answered 200 JSON with a status each time "
                                f"({len(answers)} answers" + (f"; {len(malformed)} not, e.g. {malformed[:2]}"
                                                              if malformed else "") + ")"))

    def final_checks(self) -> None:
        self.set_phase("final")
        self.stack.check_alive()
        self.final_lease = self.lease_backends()
        epoch, self.final_holder = self.lease_holder()
        self.final_epoch = epoch
        # The holder's lag, once nothing is pending (its gauge reads 0 when caught up).
        self.final_lag = None
        name = self.final_holder.split(" ")[0]
        if name in self.metrics_ports:
            for _ in range(10):
                self.final_lag = self.metrics(name).get('eris_reporting_event_lag_seconds{stream="contracts"}')
                if self.final_lag == 0:
                    break
                time.sleep(0.5)
        self.final_acked = self.verify_acked()

    # -- the summary ------------------------------------------------------------------------

    def report(self) -> int:
        width = 78
        print()
        print("=" * width)
        print(f"Eris money-path fault test, run {self.run_id}: summary")
        print("=" * width)

        print(f"\n{'operation':<16}{'requests':>9}{'2xx':>7}{'p50 s':>8}{'max s':>8}  failures by class")
        by_op = collections.defaultdict(list)
        for o in self.outcomes:
            by_op[o.op].append(o)
        for op, items in sorted(by_op.items()):
            times = sorted(o.duration for o in items)
            ok = sum(1 for o in items if o.failure is None)
            classes = collections.Counter(o.failure for o in items if o.failure is not None)
            text = ", ".join(f"{k} x{v}" for k, v in classes.most_common(4)) or "-"
            print(f"{op:<16}{len(items):>9}{ok:>7}{times[len(times) // 2]:>8.3f}{times[-1]:>8.2f}  {text}")
        if self.unexpected_answers:
            print("\nrefusals of writes to the test's own records:")
            for text, count in self.unexpected_answers.most_common(8):
                print(f"  {count} x {text}")

        contracts_acked = sum(1 for c in self.contracts.values())
        payments_acked = sum(1 for p in self.payments.values())
        uncertain = sum(1 for c in self.contracts.values() if c["uncertain"]) + \
            sum(1 for p in self.payments.values() if p["uncertain"])
        print(f"\nrecords written: {contracts_acked} contracts and {payments_acked} payments acknowledged; "
              f"{uncertain} of them left unchecked after a write whose outcome is unknown")

        print(f"\n{'check':<32}{'writes':>8}{'failed':>8}{'equal after':>13}{'since fault':>13}  at the pause")
        for c in self.checks:
            fmt = lambda v: "never" if v is None else f"{v:.1f} s"  # noqa: E731
            since = "-" if c.name == "baseline" else fmt(c.since_fault_s)
            print(f"{c.name:<32}{c.writes_acked:>8}{c.writes_failed:>8}{fmt(c.converged_s):>13}{since:>13}  "
                  f"{c.at_pause.summary() if c.at_pause else '-'}")
            for note in c.notes:
                print(f"{'':<4}{note}")
            if c.final is not None and not c.final.empty:
                print(f"{'':<4}still differing after {CONVERGE_LIMIT_S:g} s: {c.final.summary()}")
                for line in c.final.details(6):
                    print(f"{'':<6}{line}")

        print(f"\nat the end: lease held by {len(self.final_lease)} backend(s) {self.final_lease}, "
              f"epoch {self.final_epoch}, last taken by {self.final_holder}; "
              f"holder's contracts lag {self.final_lag}")

        checks: list[tuple[bool, str]] = []
        checks.append((contracts_acked > 0 and payments_acked > 0,
                       f"the load wrote money ({contracts_acked} contracts, {payments_acked} payments acknowledged)"))
        for c in self.checks:
            converged = c.final is not None and c.final.empty
            checks.append((converged, f"{c.name}: reporting equals the contracts schema to the cent within "
                           f"{CONVERGE_LIMIT_S:g} s ("
                           + (f"{c.converged_s:.1f} s" if converged else f"still: {c.final.summary()}") + ")"))
            checks.append((not c.acked_problems, f"{c.name}: every acknowledged write is stored as acknowledged"
                           + (f" ({len(c.acked_problems)} not, e.g. {c.acked_problems[:2]})" if c.acked_problems
                              else "")))
        checks.append((not self.final_acked, "at the end, every acknowledged write is stored as acknowledged"
                       + (f" ({len(self.final_acked)} not, e.g. {self.final_acked[:2]})" if self.final_acked else "")))
        checks.append((len(self.final_lease) == 1, f"at the end exactly one backend holds the projector's lease "
                       f"({len(self.final_lease)})"))
        checks.append((not self.final_holder.startswith(("pid", "none")) and "exited" not in self.final_holder,
                       f"the lease holder is one of the running reporting processes ({self.final_holder})"))
        checks.append((self.final_lag == 0, f"the lease holder's event lag reads 0 once caught up ({self.final_lag})"))
        checks.extend(self.assertions)
        for failure in self.failures:
            checks.append((False, failure))
        checks.append((not self.stack.unexpected_exits, "no process died that the test did not kill"
                       + (f" ({'; '.join(self.stack.unexpected_exits)})" if self.stack.unexpected_exits else "")))

        print("\nassertions:")
        for ok, text in checks:
            print(f"  {'PASS' if ok else 'FAIL'}  {text}")
        failed = sum(1 for ok, _ in checks if not ok)
        print()
        print(f"fault-money: {len(checks) - failed} passed, {failed} failed")
        return 1 if failed else 0


WRITE_OPS = {"createContract", "addPayment", "updatePayment", "deletePayment", "changeSupplier", "deleteContract"}


def business_year() -> int:
    """This year where the brokerage is (the reports' "this year")."""
    try:
        from zoneinfo import ZoneInfo
        return datetime.datetime.now(ZoneInfo(os.environ.get("ERIS_BUSINESS_TIME_ZONE", "America/New_York"))).year
    except Exception:  # noqa: BLE001 - no time zone data: the UTC year
        return datetime.datetime.now(datetime.timezone.utc).year


def main() -> int:
    global CONVERGE_LIMIT_S  # noqa: PLW0603 - one run per process
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(os.path.expanduser("~"), ".cache", "eris-target"))
    parser.add_argument("--bin-dir", default=os.path.join(target, "debug"),
                        help="directory of the eris-* binaries (default $CARGO_TARGET_DIR/debug)")
    parser.add_argument("--workers", type=int, default=4, help="writing threads (default 4)")
    parser.add_argument("--companies", type=int, default=100, help="companies to seed (default 100)")
    parser.add_argument("--pg-port", type=int, default=15532)
    parser.add_argument("--redis-port", type=int, default=16479)
    parser.add_argument("--http-port", type=int, default=18580, help="the gateway's port (default 18580)")
    # Fixed ports stay below the ephemeral range (32768-60999), clear of fault_test's and api-fuzz's.
    parser.add_argument("--grpc-base-port", type=int, default=23351,
                        help="identity's port; crm, contracts, sourcing, reporting and the second reporting "
                             "follow; the reporting processes' /metrics take base+10 and base+11")
    parser.add_argument("--keep", action="store_true", help="keep the work directory (every process's log)")
    parser.add_argument("--converge-limit", type=float, default=CONVERGE_LIMIT_S,
                        help=f"seconds the read models may take to equal the source (default {CONVERGE_LIMIT_S:g})")
    args = parser.parse_args()
    CONVERGE_LIMIT_S = args.converge_limit

    return fault_test.run_harness("fault-money", lambda: MoneyRun(args).main())


if __name__ == "__main__":
    sys.exit(main())
