package io.crosscheck.agent.installer;

import io.crosscheck.agent.bootstrap.Recorder;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.Socket;
import net.bytebuddy.asm.Advice;

/**
 * The advice of the {@code http-url-connection} hook family, inlined into JDK classes: each body is
 * one call into {@link Recorder} (on the bootstrap class path) and suppresses whatever it throws.
 * Method set after the OpenTelemetry agent's {@code http-url-connection} instrumentation (connect,
 * getOutputStream, getInputStream with a call-depth guard), following the returned stream as Glowroot
 * does, ending on {@code disconnect()} as the Elastic agent does, plus the transport and the socket
 * for the instants on the wire side of the JDK.
 */
final class UrlConnectionAdvice {
  private UrlConnectionAdvice() {}

  /** HttpURLConnection.connect() / getOutputStream(): the intended start. */
  static final class ConnectionCall {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object huc) {
      Recorder.connectionCall(huc);
    }
  }

  /** HttpURLConnection.getInputStream(): intended start, then the reply stream or the failure. */
  static final class GetInputStream {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static boolean enter(@Advice.This Object huc) {
      Recorder.connectionCall(huc);
      return Recorder.getInputStreamEnter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter boolean outermost, @Advice.This HttpURLConnection huc,
        @Advice.Return InputStream stream, @Advice.FieldValue("responseCode") int responseCode,
        @Advice.Thrown Throwable thrown) {
      Recorder.getInputStreamExit(outermost, huc, stream, responseCode, thrown);
    }
  }

  /** HttpURLConnection.writeRequests(): the request about to be written. */
  static final class RequestNamed {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This HttpURLConnection huc) {
      Recorder.requestNamed(huc);
    }
  }

  /** HttpURLConnection.disconnect(). */
  static final class Disconnect {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object huc) {
      Recorder.disconnect(huc);
    }
  }

  /** sun.net.www.http.HttpClient.openServer(): a new TCP connection. */
  static final class OpenServer {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter() {
      Recorder.openServerEnter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.This Object client, @Advice.FieldValue("serverSocket") Socket socket,
        @Advice.Thrown Throwable thrown) {
      Recorder.openServerExit(client, socket, thrown);
    }
  }

  /** sun.net.www.http.HttpClient.writeRequests(..): the exchange begins on this connection. */
  static final class RequestWrite {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object client, @Advice.FieldValue("serverSocket") Socket socket) {
      Recorder.requestWriteEnter(client, socket);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit() {
      Recorder.requestWriteExit();
    }
  }

  /** Socket$SocketOutputStream.write(byte[], int, int). */
  static final class SocketWriteBytes {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.Argument(2) int length) {
      Recorder.socketWrite(length);
    }
  }

  /** Socket$SocketInputStream.read(byte[], int, int). */
  static final class SocketReadBytes {
    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.Return int n) {
      Recorder.socketRead(n);
    }
  }

  /** HttpURLConnection$HttpInputStream.read(..): end of stream ends the reply. */
  static final class BodyRead {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static boolean enter() {
      return Recorder.bodyReadEnter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter boolean outermost, @Advice.This Object stream, @Advice.Return int n) {
      Recorder.bodyReadExit(outermost, stream, n);
    }
  }

  /** HttpURLConnection$HttpInputStream.close(): the generator's close. */
  static final class BodyClose {
    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.This Object stream) {
      Recorder.bodyClosed(stream);
    }
  }
}
