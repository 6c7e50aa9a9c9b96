import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { vi } from "vitest";

import { Role, UserSchema, UserStatus, type User } from "../gen/eris/identity/v1/identity_pb";
import { toast } from "../lib/toaster";

/** A user as the server would send it. */
export function makeUser(fields: Omit<MessageInitShape<typeof UserSchema>, "$typeName"> = {}): User {
  return create(UserSchema, {
    userId: 7n,
    name: "Dana Scully",
    email: "dana@eris.test",
    job: "Broker",
    role: Role.SALES,
    status: UserStatus.ACTIVE,
    forcePasswordReset: false,
    version: 1n,
    ...fields,
  });
}

/** A Management user and a Sales user, as the screens' tests sign in. */
export const manager = makeUser({ userId: 1n, name: "Mia Manager", role: Role.MANAGEMENT });
export const sally = makeUser({ userId: 2n, name: "Sally Sales", role: Role.SALES });

/** Spies on the toaster: what the screen said, without rendering toasts. */
export function spyToasts() {
  return {
    success: vi.spyOn(toast, "success").mockResolvedValue(undefined),
    error: vi.spyOn(toast, "error").mockResolvedValue(undefined),
  };
}

/** A file the app handed to the browser to download: its name and contents. */
export interface Download {
  name: string;
  blob: Blob;
}

/**
 * Catches what the app downloads (an object URL clicked through a link) instead of saving files; the
 * list fills as downloads start.
 */
export function catchDownloads(): Download[] {
  const blobs = new Map<string, Blob>();
  const downloads: Download[] = [];
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      const url = `blob:download-${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) {
      downloads.push({ name: this.download, blob });
    }
  });
  return downloads;
}

/** A blob's bytes (read with FileReader, as the test DOM's Blob has no arrayBuffer). */
export function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** An in-memory Storage for token tests. */
export function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => Array.from(data.keys())[index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}
