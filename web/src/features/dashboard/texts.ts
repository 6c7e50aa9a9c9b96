import type { CalendarView, WeekdaySet } from "./calendarMath";

/** Texts of the Dashboard; the quoted messages are the spec's, word for word. */
export const DASHBOARD_TEXTS = {
  title: "Dashboard",
  tasksTab: "Tasks",
  callBanksTab: "Call Banks",
  user: "User",
  calendar: "Calendar",
  today: "Today",
  previous: "Previous",
  next: "Next",
  viewType: "View",
  weekdays: "Weekdays",
  earlier: (n: number) => `${n} earlier`,
  /** The day-like views' hours, a box that scrolls. */
  hours: "Hours of the day",
  later: (n: number) => `${n} later`,
  /** A month cell's link to the rest of its day. */
  moreOnDay: (n: number) => `+${n} more`,
  allOfDay: (hidden: number, n: number, day: string) => `+${hidden} more: all ${n} entries of ${day}`,
  views: { month: "Month", week: "Week", day: "Day", "4day": "4 Days" } satisfies Record<CalendarView, string>,
  weekdaySets: { "mon-fri": "Mon - Fri", "mon-sun": "Mon - Sun" } satisfies Record<WeekdaySet, string>,
  upcomingTasks: "My Upcoming Tasks",
  upcomingTasksOf: (name: string) => `${name}'s Upcoming Tasks`,
  showClosed: "Show closed",
  rangeInverted: "The From date is after the To date.",
  search: "Search",
  from: "From",
  to: "To",
  noUpcomingTasks: "No tasks due in this range.",
  columns: {
    task: "Task",
    subject: "Subject",
    company: "Company",
    type: "Type",
    due: "Due",
    status: "Status",
  },
  loadTasksFailed: "There was an error loading tasks",
  /** An RFP on the calendar, at its return date and time. */
  rfpEvent: (companyName: string) => `RFP: ${companyName}`,
  // Not in the spec: said so that nothing fails silently.
  loadRfpsFailed: "There was an error loading RFPs",
  /** The Renewals panel: the signed-in user's contracts ending within 150 days. */
  renewals: "Renewals",
  renewalWindows: { 14: "Within 14 days", 28: "Within 28 days", 150: "Within 150 days" } as Record<number, string>,
  noRenewals: "No contracts end within 150 days.",
  renewalsFailed: "The renewals could not be loaded.",
  daysLeft: (days: number) => `${days} day${days === 1 ? "" : "s"}`,
  endsOn: (date: string) => `ends ${date}`,
  showAllRenewals: (count: string) => `Show all ${count}`,
  showAllTasks: (count: string) => `Show all ${count} tasks`,
  showAllRenewalsOf: (count: string, window: string) => `Show all ${count} renewals ${window.toLowerCase()}`,
} as const;
