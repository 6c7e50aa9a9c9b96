import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient, type Client, type Interceptor } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";

import { ContractService, HedgeService, PaymentService } from "../src/gen/eris/contracts/v1/contracts_pb";
import { AccountCommodity, AccountService, type Account } from "../src/gen/eris/crm/v1/accounts_pb";
import { CallBankService, type CallBank } from "../src/gen/eris/crm/v1/call_banks_pb";
import { ContactService } from "../src/gen/eris/crm/v1/contacts_pb";
import { CompanyService, type Company, type CompanySchema } from "../src/gen/eris/crm/v1/crm_pb";
import { TaskService } from "../src/gen/eris/crm/v1/tasks_pb";
import { UserService, type User } from "../src/gen/eris/identity/v1/identity_pb";
import { ReportService } from "../src/gen/eris/reporting/v1/reporting_pb";
import { RfpService } from "../src/gen/eris/sourcing/v1/rfps_pb";
import { SupplierService } from "../src/gen/eris/sourcing/v1/suppliers_pb";
import { Commodity, UtilityService, type Utility } from "../src/gen/eris/sourcing/v1/utilities_pb";
import { apiAs, BASE_URL, DEMO } from "./helpers";

/** The services of the real API the specs prepare data with, signed in as someone. */
export interface CrmApi {
  companies: Client<typeof CompanyService>;
  users: Client<typeof UserService>;
  tasks: Client<typeof TaskService>;
  callBanks: Client<typeof CallBankService>;
  utilities: Client<typeof UtilityService>;
  accounts: Client<typeof AccountService>;
  contacts: Client<typeof ContactService>;
  suppliers: Client<typeof SupplierService>;
  rfps: Client<typeof RfpService>;
  contracts: Client<typeof ContractService>;
  payments: Client<typeof PaymentService>;
  hedges: Client<typeof HedgeService>;
  reports: Client<typeof ReportService>;
}

export async function crmApiAs(email: string): Promise<CrmApi> {
  const { token } = await apiAs(email);
  const bearer: Interceptor = (next) => async (req) => {
    req.header.set("authorization", `Bearer ${token}`);
    return next(req);
  };
  const transport = createGrpcWebTransport({ baseUrl: BASE_URL, interceptors: [bearer] });
  return {
    companies: createClient(CompanyService, transport),
    users: createClient(UserService, transport),
    tasks: createClient(TaskService, transport),
    callBanks: createClient(CallBankService, transport),
    utilities: createClient(UtilityService, transport),
    accounts: createClient(AccountService, transport),
    contacts: createClient(ContactService, transport),
    suppliers: createClient(SupplierService, transport),
    rfps: createClient(RfpService, transport),
    contracts: createClient(ContractService, transport),
    payments: createClient(PaymentService, transport),
    hedges: createClient(HedgeService, transport),
    reports: createClient(ReportService, transport),
  };
}

/** A user by email (from Management's user list). */
export async function userOf(email: string): Promise<User> {
  const { users } = await crmApiAs(DEMO.management);
  let pageToken = "";
  do {
    const res = await users.listUsers({ pageSize: 500, pageToken });
    const found = res.users.find((user) => user.email === email);
    if (found) return found;
    pageToken = res.nextPageToken;
  } while (pageToken);
  throw new Error(`No user ${email}`);
}

/** A user's id by email (from Management's user list). */
export async function userIdOf(email: string): Promise<bigint> {
  return (await userOf(email)).userId;
}

type CompanyFields = Omit<Exclude<MessageInitShape<typeof CompanySchema>, Company>, "companyId" | "version">;

/** A company made by Management through the API (signed in anew unless given), with a unique name. */
export async function createTestCompany(
  fields: CompanyFields & { name: string },
  management?: CrmApi,
): Promise<Company> {
  const { companies } = management ?? (await crmApiAs(DEMO.management));
  const { company } = await companies.createCompany({ company: fields });
  if (!company) throw new Error("CreateCompany answered without a company");
  return company;
}

/** An Electric account of a company, made through the API with a number no other account has. */
export async function createTestAccount(api: CrmApi, companyId: bigint, name: string): Promise<Account> {
  const { account } = await api.accounts.createAccount({
    account: { companyId, name, commodity: AccountCommodity.ELECTRIC, accountNumber: `E2E-${randomLetters(6)}` },
  });
  if (!account) throw new Error("CreateAccount answered without an account");
  return account;
}

/** A plain Electric contract of a company on its accounts: from January 2026, 12 months, Active. */
export function electricContract(companyId: bigint, accountIds: bigint[]) {
  return {
    companyId,
    commodity: Commodity.ELECTRIC,
    accountIds,
    startDate: { year: 2026, month: 1, day: 1 },
    termMonths: 12,
    status: 0,
    fee: "0.005",
  };
}

/** Three random lower-case letters, so a name can be found by a substring no other company has. */
export function randomLetters(count = 3): string {
  return Array.from({ length: count }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
}

/** A call bank made by Management through the API. */
export async function createTestCallBank(name: string, assigneeUserId: bigint): Promise<CallBank> {
  const { callBanks } = await crmApiAs(DEMO.management);
  const { callBank } = await callBanks.createCallBank({
    callBank: {
      name,
      serviceType: "Follow Up",
      assigneeUserId,
      repType: "Inside",
      dueDate: { year: 2030, month: 12, day: 31 },
    },
  });
  if (!callBank) throw new Error("CreateCallBank answered without a call bank");
  return callBank;
}

/** A demo utility by name and commodity. */
export async function utilityNamed(name: string, commodity: Commodity): Promise<Utility> {
  const { utilities } = await crmApiAs(DEMO.management);
  const found = (await utilities.listUtilities({ commodity })).utilities.find((utility) => utility.name === name);
  if (!found) throw new Error(`No ${name} utility`);
  return found;
}
