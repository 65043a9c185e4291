// The limit of bench/live.bench.mjs (not a benchmark itself), run as its own process like the
// portal: a bare `ws` server with no portal in it. Tabs connect at /?s=<index>; one sender connects
// at /send and sends "<tab index>\n<event JSON>"; the relay forwards the event to that tab.
// Prints "relay listening <port>" once ready.
import { WebSocketServer } from 'ws';

const tabs = new Map();
const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('connection', (socket, request) => {
  const url = new URL(request.url, 'http://relay');
  if (url.pathname === '/send') {
    socket.on('message', (data) => {
      const text = data.toString();
      const cut = text.indexOf('\n');
      tabs.get(Number(text.slice(0, cut)))?.send(text.slice(cut + 1));
    });
    return;
  }
  const index = Number(url.searchParams.get('s'));
  tabs.set(index, socket);
  // A tab of an earlier run may close after its successor connected.
  socket.on('close', () => tabs.get(index) === socket && tabs.delete(index));
});
server.on('listening', () => console.log(`relay listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
