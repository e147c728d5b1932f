package io.crosscheck.e2e.wire;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * A test client on a plain socket to 127.0.0.1 that can pipeline: it writes several GETs in one
 * write, then reads their replies in order (Content-Length or chunked bodies). Every read is
 * bounded by a socket timeout.
 */
final class RawHttpClient implements AutoCloseable {
  private static final int TIMEOUT_MILLIS = 10_000;
  private final Socket socket;
  private final InputStream in;

  RawHttpClient(int port) throws IOException {
    socket = new Socket();
    socket.setTcpNoDelay(true);
    socket.connect(new InetSocketAddress("127.0.0.1", port), TIMEOUT_MILLIS);
    socket.setSoTimeout(TIMEOUT_MILLIS);
    in = new BufferedInputStream(socket.getInputStream(), 64 << 10);
  }

  /** Writes one GET per path in a single write (one segment on lo). */
  void send(List<String> paths) throws IOException {
    StringBuilder requests = new StringBuilder();
    for (String path : paths) {
      requests.append("GET ").append(path).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    }
    socket.getOutputStream().write(requests.toString().getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().flush();
  }

  /** Writes one GET per path, one write each, without waiting for replies in between. */
  void sendEach(List<String> paths) throws IOException {
    for (String path : paths) {
      send(List.of(path));
    }
  }

  /** Reads one response to its end; returns its status, or -1 when the connection ended first. */
  int readResponse() throws IOException {
    String statusLine = line();
    if (statusLine == null) {
      return -1;
    }
    int status = Integer.parseInt(statusLine.split(" ")[1]);
    long length = -1;
    boolean chunked = false;
    for (String h = line(); h != null && !h.isEmpty(); h = line()) {
      String lower = h.toLowerCase(Locale.ROOT);
      if (lower.startsWith("content-length:")) {
        length = Long.parseLong(lower.substring(15).trim());
      } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
        chunked = true;
      }
    }
    if (chunked) {
      for (long size = Long.parseLong(line().split(";")[0].trim(), 16); size > 0;
          size = Long.parseLong(line().split(";")[0].trim(), 16)) {
        skip(size);
        line();
      }
      for (String trailer = line(); trailer != null && !trailer.isEmpty(); trailer = line()) {
        // trailers ignored
      }
    } else if (length > 0) {
      skip(length);
    }
    return status;
  }

  private String line() throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (int c = in.read(); c != '\n'; c = in.read()) {
      if (c < 0) {
        return b.size() == 0 ? null : b.toString(StandardCharsets.US_ASCII);
      }
      if (c != '\r') {
        b.write(c);
      }
    }
    return b.toString(StandardCharsets.US_ASCII);
  }

  private void skip(long bytes) throws IOException {
    for (long left = bytes; left > 0; ) {
      long n = in.skip(left);
      if (n <= 0) {
        if (in.read() < 0) {
          throw new IOException("connection ended " + left + " bytes before the body's end");
        }
        n = 1;
      }
      left -= n;
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
