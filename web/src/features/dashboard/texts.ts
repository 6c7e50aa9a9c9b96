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
  views: { month: "Month", week: "Week", day: "Day", "4day": "4 Days" } satisfies Record<CalendarView, string>,
  weekdaySets: { "mon-fri": "Mon - Fri", "mon-sun": "Mon - Sun" } satisfies Record<WeekdaySet, string>,
  upcomingTasks: "My Upcoming Tasks",
  search: "Search",
  from: "From",
  to: "To",
  noUpcomingTasks: "No tasks due in this range.",
  columns: {
    subject: "Subject",
    company: "Company",
    type: "Type",
    due: "Due",
    status: "Status",
  },
  loadTasksFailed: "There was an error loading tasks",
} as const;
