import { createClient, type Client, type Interceptor } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";

import { CallBankService, type CallBank } from "../src/gen/eris/crm/v1/call_banks_pb";
import { TaskService } from "../src/gen/eris/crm/v1/tasks_pb";
import { apiAs, BASE_URL, DEMO } from "./helpers";

/** The TaskService and CallBankService of the real API, signed in as someone. */
export interface CrmApi {
  tasks: Client<typeof TaskService>;
  callBanks: Client<typeof CallBankService>;
}

export async function crmApiAs(email: string): Promise<CrmApi> {
  const { token } = await apiAs(email);
  const bearer: Interceptor = (next) => async (req) => {
    req.header.set("authorization", `Bearer ${token}`);
    return next(req);
  };
  const transport = createGrpcWebTransport({ baseUrl: BASE_URL, interceptors: [bearer] });
  return { tasks: createClient(TaskService, transport), callBanks: createClient(CallBankService, transport) };
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

/** Today at a given local time, as the task dialog takes it (MM/DD/YYYY HH:mm). */
export function todayAt(hour: number, minute = 0): { date: Date; typed: string } {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate(), hour, minute);
  const pad = (n: number) => String(n).padStart(2, "0");
  const typed = `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${pad(hour)}:${pad(minute)}`;
  return { date, typed };
}
