import type { LivePesagem, LiveReading } from '@portal/shared';

/** The device an event is about, as the MQTT side knows it (its command topic is portal/{modelo}/{serie}). */
export interface EventDevice {
  id: number;
  owner_id: number;
  modelo: string;
  serie: string;
}

/**
 * Every in-process event: name → payload. A writer emits after its transaction committed.
 * Add an event here with the module that emits it named in its comment.
 */
export interface AppEvents {
  /**
   * modules/weighings (the ingestion service, weighings/ingestion.ts): weighings of one owner were
   * stored and committed, from a device or a file. The live hub tells the device's browsers.
   */
  'weighings.stored':
    | {
        source: 'device';
        ownerId: number;
        /** The device that sent the record. */
        device: EventDevice;
        /** When the portal received it (epoch ms). */
        at: number;
        /** False for a record stored before (a re-send, or another instance stored it first): told again, as first stored. */
        created: boolean;
        /** The record as stored, with its pesagens id. */
        pesagem: LivePesagem;
      }
    | {
        source: 'import';
        ownerId: number;
        /** The import whose rows were stored (pesagens.importacao_id). */
        importacaoId: number;
        rows: number;
      }
    | {
        /** A manual weighing (registerpesagemmanual): a few birds of one flock typed in. */
        source: 'manual';
        ownerId: number;
        loteId: number;
        rows: number;
      };
  /**
   * modules/accounts: a session ended (logout, delsession: `sessionId`) or all of a user's did or
   * their user's record changed (new password, recovery, updateuser: `sessionId` null). The accounts
   * service's session cache forgets its copies; a relay to the other instances, where one exists,
   * carries it there too (else their copies last at most SESSION_CACHE_SECONDS).
   */
  'sessions.changed': { userId: number; sessionId: number | null };
  /** modules/permissions: a grantee's grant changed; the MQTT gateway tells every instance, so live sockets drop what it no longer covers. */
  'grants.changed': { granteeId: number };
  /** modules/devices: a device's record changed or was deleted; the MQTT gateway forgets its cached copy. */
  'device.changed': { modelo: string; serie: string };
  /**
   * modules/readings (the readings ingestion): a live reading was stored for the reports, the
   * first of its series' period (the others only reach the live channel). Not emitted for the
   * demo's history written in bulk. Listener: dosing (derives a doser's events from its readings).
   */
  'readings.stored': { device: EventDevice; reading: LiveReading; em: number };
  /**
   * modules/dosing: a doser's dosing event opened, derived from its stored readings; the MQTT
   * side asks the doser for the proof picture `pedido` (the same on every instance).
   */
  'dosagens.opened': { device: EventDevice; dosagemId: number; pedido: string };
  /**
   * modules/alarms: an owner's alarms changed (raised, severity changed, acknowledged or cleared),
   * after the commit. The live hub tells the sockets of users who reach the owner ({t:'alarmes'});
   * relayed to the other instances (realtime/cluster-wire.ts RELAYED_EVENTS).
   */
  'alarms.changed': { ownerId: number };
}
