import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient, type Client, type Interceptor } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";

import { CompanyService, type Company, type CompanySchema } from "../src/gen/eris/crm/v1/crm_pb";
import { UserService } from "../src/gen/eris/identity/v1/identity_pb";
import { apiAs, BASE_URL, DEMO } from "./helpers";

/** The CompanyService and UserService of the real API, signed in as someone. */
export interface CompanyApi {
  companies: Client<typeof CompanyService>;
  users: Client<typeof UserService>;
}

export async function companyApiAs(email: string): Promise<CompanyApi> {
  const { token } = await apiAs(email);
  const bearer: Interceptor = (next) => async (req) => {
    req.header.set("authorization", `Bearer ${token}`);
    return next(req);
  };
  const transport = createGrpcWebTransport({ baseUrl: BASE_URL, interceptors: [bearer] });
  return { companies: createClient(CompanyService, transport), users: createClient(UserService, transport) };
}

/** A user's id by email (from Management's user list). */
export async function userIdOf(email: string): Promise<bigint> {
  const { users } = await companyApiAs(DEMO.management);
  let pageToken = "";
  do {
    const res = await users.listUsers({ pageSize: 500, pageToken });
    const found = res.users.find((user) => user.email === email);
    if (found) return found.userId;
    pageToken = res.nextPageToken;
  } while (pageToken);
  throw new Error(`No user ${email}`);
}

type CompanyFields = Omit<Exclude<MessageInitShape<typeof CompanySchema>, Company>, "companyId" | "version">;

/** A company made by Management through the API, with a unique name. */
export async function createTestCompany(fields: CompanyFields & { name: string }): Promise<Company> {
  const { companies } = await companyApiAs(DEMO.management);
  const { company } = await companies.createCompany({ company: fields });
  if (!company) throw new Error("CreateCompany answered without a company");
  return company;
}

/** Three random lower-case letters, so a name can be found by a substring no other company has. */
export function randomLetters(count = 3): string {
  return Array.from({ length: count }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
}
