// A bare MQTT 3.1.1 device for the benchmarks' load generators (not a benchmark itself): CONNECT,
// then PUBLISH written as prebuilt bytes on a plain TCP socket. MQTT gives every device a connection
// of its own (the broker binds the client id and the login to the device), so the load cannot be
// batched over fewer connections; what it can shed is mqtt.js' per-message work (a packet object,
// its generator, stream writes, a store per client), which at 10,000 devices cost the load
// generator more CPU than the portal it measured. Nothing from the broker is read past the CONNACK.
import { connect as tcpConnect } from 'node:net';

/** MQTT's variable-length "remaining length". */
function remainingLength(length) {
  const bytes = [];
  do {
    let byte = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) byte |= 0x80;
    bytes.push(byte);
  } while (length > 0);
  return Buffer.from(bytes);
}

const utf8 = (text) => {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
};

function packet(firstByte, body) {
  return Buffer.concat([Buffer.from([firstByte]), remainingLength(body.length), body]);
}

/** CONNECT, clean session, with login; keepalive 0 (no PINGREQ timers: the bench's runs are short and the broker keeps the socket). */
function connectPacket({ clientId, username, password }) {
  const header = Buffer.from([0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, 0x04, 0xc2, 0x00, 0x00]);
  return packet(0x10, Buffer.concat([header, utf8(clientId), utf8(username), utf8(password)]));
}

/** PUBLISH at QoS 0 (or 1 with packet id 1: nothing counts on its PUBACK). */
export function publishPacket(topic, payload, qos = 0) {
  const id = qos === 1 ? Buffer.from([0x00, 0x01]) : Buffer.alloc(0);
  return packet(qos === 1 ? 0x32 : 0x30, Buffer.concat([utf8(topic), id, Buffer.from(payload, 'utf8')]));
}

/**
 * Connects one device; resolves with { write(packet), connected(), end() } once the broker
 * accepted its login, or rejects. `onClose` is called if the connection ends later.
 */
export function connectRawDevice({ host, port, clientId, username, password, onClose, timeoutMs = 30_000 }) {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect({ host, port, noDelay: true });
    let accepted = false;
    const timer = setTimeout(() => socket.destroy(new Error('no CONNACK in time')), timeoutMs);
    let head = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      if (accepted) return;
      head = Buffer.concat([head, chunk]);
      if (head.length < 4) return;
      clearTimeout(timer);
      if (head[0] !== 0x20 || head[3] !== 0) {
        socket.destroy();
        reject(new Error(`login refused (CONNACK ${head.subarray(0, 4).toString('hex')})`));
        return;
      }
      accepted = true;
      resolve({
        write: (bytes) => socket.write(bytes),
        connected: () => !socket.destroyed && socket.writable,
        end: () => new Promise((ended) => (socket.destroyed ? ended() : socket.end(ended))),
      });
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      if (!accepted) reject(error);
    });
    socket.once('close', () => {
      clearTimeout(timer);
      if (accepted) onClose?.();
      else reject(new Error('closed before CONNACK'));
    });
    socket.write(connectPacket({ clientId, username, password }));
  });
}
