package io.crosscheck.engine.legacy;

import io.crosscheck.schedule.Ticker;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;

/**
 * A plain client socket that observes itself for the {@code legacy-httpclient} engine: when its
 * connect started (ticker nanoseconds), its local {@code ip:port} once connected, and the bytes
 * its streams carried (request and reply as on the wire, headers included). Used by one user
 * thread at a time; counters are volatile so the run may read them.
 */
final class CountingSocket extends Socket {
  private final Ticker ticker;
  private volatile long connectStartNanos = -1;
  private volatile String localId = "";
  private volatile long bytesWritten;
  private volatile long bytesRead;
  private InputStream in;
  private OutputStream out;

  CountingSocket(Ticker ticker) {
    this.ticker = ticker;
  }

  @Override
  public void connect(SocketAddress endpoint, int timeoutMillis) throws IOException {
    connectStartNanos = ticker.nanoTime();
    try {
      super.connect(endpoint, timeoutMillis);
    } finally {
      // a failed connect may still have bound a local port: keep what there is
      if (getLocalSocketAddress() instanceof InetSocketAddress local && local.getPort() > 0) {
        localId = local.getAddress().getHostAddress() + ":" + local.getPort();
      }
    }
  }

  long connectStartNanos() {
    return connectStartNanos;
  }

  String localId() {
    return localId;
  }

  long bytesWritten() {
    return bytesWritten;
  }

  long bytesRead() {
    return bytesRead;
  }

  @Override
  public synchronized InputStream getInputStream() throws IOException {
    if (in == null) {
      InputStream raw = super.getInputStream();
      in = new FilterInputStream(raw) {
        @Override
        public int read() throws IOException {
          int b = raw.read();
          if (b >= 0) {
            bytesRead++;
          }
          return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
          int n = raw.read(b, off, len);
          if (n > 0) {
            bytesRead += n;
          }
          return n;
        }
      };
    }
    return in;
  }

  @Override
  public synchronized OutputStream getOutputStream() throws IOException {
    if (out == null) {
      OutputStream raw = super.getOutputStream();
      out = new FilterOutputStream(raw) {
        @Override
        public void write(int b) throws IOException {
          raw.write(b);
          bytesWritten++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          raw.write(b, off, len);
          bytesWritten += len;
        }
      };
    }
    return out;
  }
}
