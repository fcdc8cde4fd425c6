// Raw WebSocket relay, the physical limit of S0a: forwards each live update (y-websocket
// message type 0/2) and awareness message (type 1) to every other socket of the same path,
// without Yjs. `/echo` answers each message to its sender (S0c). Env: PORT. Prints `BENCH {"port":n}`.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const rooms = new Map();
const server = http.createServer((_req, res) => res.end('relay'));
const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });

server.on('upgrade', (req, socket, head) => {
  wss.handleUpgrade(req, socket, head, (ws) => {
    const room = (req.url ?? '/').split('?')[0];
    if (room === '/echo') {
      ws.on('message', (data) => ws.send(data));
      return;
    }
    let peers = rooms.get(room);
    if (!peers) rooms.set(room, (peers = new Set()));
    peers.add(ws);
    ws.on('message', (data) => {
      // Only live updates and awareness are relayed: nobody here answers a sync step 1.
      if (!(data[0] === 1 || (data[0] === 0 && data[1] === 2))) return;
      for (const peer of peers) if (peer !== ws && peer.readyState === 1) peer.send(data);
    });
    ws.on('close', () => peers.delete(ws));
  });
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`BENCH ${JSON.stringify({ port: server.address().port })}`);
});
