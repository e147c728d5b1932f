package io.crosscheck.agent;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server on 127.0.0.1 that reads each request's head and never answers: the requests a target
 * has in flight when it ends. Counts complete request heads received. Closing closes every
 * connection. Thread-safe.
 */
final class StallServer implements AutoCloseable {
  private final ServerSocket server;
  private final AtomicInteger requests = new AtomicInteger();
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();

  StallServer() throws IOException {
    server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread accept = new Thread(this::accept, "stall-accept");
    accept.setDaemon(true);
    accept.start();
  }

  int port() {
    return server.getLocalPort();
  }

  String url() {
    return "http://127.0.0.1:" + port() + "/stall";
  }

  int requestsReceived() {
    return requests.get();
  }

  /** Waits at most {@code millis} until {@code n} request heads arrived. */
  void awaitRequests(int n, long millis) throws InterruptedException {
    long deadline = System.nanoTime() + millis * 1_000_000L;
    while (requests.get() < n) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(requests.get() + " stalled requests arrived within " + millis + " ms, expected " + n);
      }
      Thread.sleep(10);
    }
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket s = server.accept();
        sockets.add(s);
        Thread t = new Thread(() -> readHead(s), "stall-conn");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private void readHead(Socket s) {
    try {
      InputStream in = s.getInputStream();
      int state = 0; // matched chars of \r\n\r\n
      int c;
      while ((c = in.read()) >= 0) {
        state = c == '\r' ? (state == 2 ? 3 : 1) : c == '\n' ? (state == 1 || state == 3 ? state + 1 : 0) : 0;
        if (state == 4) {
          requests.incrementAndGet();
          state = 0;
        }
      }
    } catch (IOException e) {
      // closed
    }
  }

  @Override
  public void close() throws IOException {
    server.close();
    for (Socket s : sockets) {
      s.close();
    }
  }
}
