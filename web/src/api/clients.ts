import { createContext, useContext } from "react";

import { createClient, type Client, type Transport } from "@connectrpc/connect";

import { ContractService, HedgeService, PaymentService } from "../gen/eris/contracts/v1/contracts_pb";
import type { CommissionStatementService } from "../gen/eris/contracts/v1/statements_pb";
import { AccountService } from "../gen/eris/crm/v1/accounts_pb";
import { CallBankService } from "../gen/eris/crm/v1/call_banks_pb";
import { ContactService } from "../gen/eris/crm/v1/contacts_pb";
import { CompanyService } from "../gen/eris/crm/v1/crm_pb";
import { NoteService } from "../gen/eris/crm/v1/notes_pb";
import { TaskService } from "../gen/eris/crm/v1/tasks_pb";
import { AuthService, UserService } from "../gen/eris/identity/v1/identity_pb";
import { ChangeFeedService } from "../gen/eris/reporting/v1/changes_pb";
import { ReportService } from "../gen/eris/reporting/v1/reporting_pb";
import { RateTypeService } from "../gen/eris/sourcing/v1/rate_types_pb";
import { RfpService } from "../gen/eris/sourcing/v1/rfps_pb";
import { SupplierService } from "../gen/eris/sourcing/v1/suppliers_pb";
import { UtilityService } from "../gen/eris/sourcing/v1/utilities_pb";

/** The generated clients the app calls; one set per transport. */
export interface ApiClients {
  auth: Client<typeof AuthService>;
  users: Client<typeof UserService>;
  companies: Client<typeof CompanyService>;
  notes: Client<typeof NoteService>;
  tasks: Client<typeof TaskService>;
  callBanks: Client<typeof CallBankService>;
  utilities: Client<typeof UtilityService>;
  suppliers: Client<typeof SupplierService>;
  rateTypes: Client<typeof RateTypeService>;
  accounts: Client<typeof AccountService>;
  contacts: Client<typeof ContactService>;
  rfps: Client<typeof RfpService>;
  contracts: Client<typeof ContractService>;
  payments: Client<typeof PaymentService>;
  hedges: Client<typeof HedgeService>;
  reports: Client<typeof ReportService>;
  changes: Client<typeof ChangeFeedService>;
  /**
   * Supplier statements, made by the Commissions screens on first use (features/commissions), so that
   * their descriptors stay out of the app's first script; a test sets its fake here.
   */
  statements?: Client<typeof CommissionStatementService>;
  /** The transport the clients share, for the clients a lazily loaded screen makes itself. */
  transport?: Transport;
}

export function createApiClients(transport: Transport): ApiClients {
  return {
    auth: createClient(AuthService, transport),
    users: createClient(UserService, transport),
    companies: createClient(CompanyService, transport),
    notes: createClient(NoteService, transport),
    tasks: createClient(TaskService, transport),
    callBanks: createClient(CallBankService, transport),
    utilities: createClient(UtilityService, transport),
    suppliers: createClient(SupplierService, transport),
    rateTypes: createClient(RateTypeService, transport),
    accounts: createClient(AccountService, transport),
    contacts: createClient(ContactService, transport),
    rfps: createClient(RfpService, transport),
    contracts: createClient(ContractService, transport),
    payments: createClient(PaymentService, transport),
    hedges: createClient(HedgeService, transport),
    reports: createClient(ReportService, transport),
    changes: createClient(ChangeFeedService, transport),
    transport,
  };
}

export const ApiContext = createContext<ApiClients | null>(null);

/** The API clients of the running app (or of a test). */
export function useApi(): ApiClients {
  const clients = useContext(ApiContext);
  if (!clients) {
    throw new Error("useApi must be used inside ApiContext");
  }
  return clients;
}
