package io.crosscheck.server;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A minimal HTTP/1.x client on a plain {@link Socket} for the server tests: writes raw request
 * text, and parses responses strictly (Content-Length, chunked or close-delimited bodies), so the
 * tests see exactly the bytes the server sent. Every read has a timeout (5 s unless changed).
 */
final class TestConnection implements AutoCloseable {
  final Socket socket;
  private final InputStream in;
  private final OutputStream out;

  /** One parsed response; {@code chunks} counts non-empty chunks of a chunked body. */
  record Response(String statusLine, int status, Map<String, String> headers, byte[] body, int chunks) {
    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  TestConnection(int port) throws IOException {
    socket = new Socket();
    socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
    socket.setSoTimeout(5_000);
    in = new BufferedInputStream(socket.getInputStream());
    out = socket.getOutputStream();
  }

  /** Sends {@code GET path HTTP/1.1} (keep-alive) and reads the response. */
  Response get(String path) throws IOException {
    send("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    return read(false);
  }

  void send(String requestText) throws IOException {
    out.write(requestText.getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  /** Reads one response; {@code head} when it answers a HEAD request (no body). */
  Response read(boolean head) throws IOException {
    String statusLine = line();
    if (!statusLine.startsWith("HTTP/1.")) {
      throw new IOException("not an HTTP status line: " + statusLine);
    }
    int status = Integer.parseInt(statusLine.substring(9, 12));
    Map<String, String> headers = new LinkedHashMap<>();
    for (String h = line(); !h.isEmpty(); h = line()) {
      int colon = h.indexOf(':');
      headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    int chunks = 0;
    if (head || status == 204 || status == 304) {
      // no body
    } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      for (int size = Integer.parseInt(line().trim(), 16); size > 0; size = Integer.parseInt(line().trim(), 16)) {
        body.write(in.readNBytes(size));
        if (!line().isEmpty()) {
          throw new IOException("chunk not followed by CRLF");
        }
        chunks++;
      }
      if (!line().isEmpty()) {
        throw new IOException("trailer not supported by the test client");
      }
    } else if (headers.containsKey("content-length")) {
      int length = Integer.parseInt(headers.get("content-length"));
      byte[] b = in.readNBytes(length);
      if (b.length < length) {
        throw new EOFException("EOF after " + b.length + " of " + length + " body bytes");
      }
      body.write(b);
    } else {
      body.write(in.readAllBytes());
    }
    return new Response(statusLine, status, headers, body.toByteArray(), chunks);
  }

  /** Reads everything until EOF. */
  byte[] readToEnd() throws IOException {
    return in.readAllBytes();
  }

  /** Reads one byte (-1 at EOF). */
  int readByte() throws IOException {
    return in.read();
  }

  private String line() throws IOException {
    StringBuilder sb = new StringBuilder();
    for (int c = in.read(); c != '\n'; c = in.read()) {
      if (c < 0) {
        throw new EOFException("EOF inside a line: \"" + sb + "\"");
      }
      sb.append((char) c);
    }
    int n = sb.length();
    return n > 0 && sb.charAt(n - 1) == '\r' ? sb.substring(0, n - 1) : sb.toString();
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
