import { describe, expect, it } from "vitest";

import { formatReturnTime, HOURS_12, to12Hour, to24Hour } from "./rfpTime";

describe("return time", () => {
  it("offers the hours from 12 round to 11", () => {
    expect(HOURS_12).toEqual([12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it("stores a 12-hour choice as HH:MM on a 24-hour clock", () => {
    expect(to24Hour({ hour: 11, minute: "00", period: "AM" })).toBe("11:00");
    expect(to24Hour({ hour: 12, minute: "30", period: "PM" })).toBe("12:30");
    expect(to24Hour({ hour: 12, minute: "00", period: "AM" })).toBe("00:00");
    expect(to24Hour({ hour: 1, minute: "30", period: "PM" })).toBe("13:30");
    expect(to24Hour({ hour: 11, minute: "30", period: "PM" })).toBe("23:30");
    expect(to24Hour({ hour: 9, minute: "00", period: "AM" })).toBe("09:00");
  });

  it("reads HH:MM back as the 12-hour choices", () => {
    expect(to12Hour("11:00")).toEqual({ hour: 11, minute: "00", period: "AM" });
    expect(to12Hour("12:30")).toEqual({ hour: 12, minute: "30", period: "PM" });
    expect(to12Hour("00:00")).toEqual({ hour: 12, minute: "00", period: "AM" });
    expect(to12Hour("13:30")).toEqual({ hour: 1, minute: "30", period: "PM" });
    expect(to12Hour("9:00")).toEqual({ hour: 9, minute: "00", period: "AM" });
  });

  it("goes there and back for every half hour of the day", () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
      const text = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      const clock = to12Hour(text);
      expect(clock).not.toBeNull();
      expect(to24Hour(clock!)).toBe(text);
    }
  });

  it("reads no time from text that is not one", () => {
    for (const text of ["", "11", "24:00", "11:60", "11:00 AM", "ab:cd"]) {
      expect(to12Hour(text)).toBeNull();
    }
  });

  it("shows a stored time on a 12-hour clock", () => {
    expect(formatReturnTime("13:30")).toBe("1:30 PM");
    expect(formatReturnTime("00:00")).toBe("12:00 AM");
    expect(formatReturnTime("soon")).toBe("soon");
  });
});
