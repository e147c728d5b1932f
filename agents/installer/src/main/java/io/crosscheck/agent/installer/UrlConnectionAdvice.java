package io.crosscheck.agent.installer;

import static io.crosscheck.agent.installer.Installer.advice;
import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.crosscheck.agent.bootstrap.UrlConnectionRecorder;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.Socket;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/**
 * The advice of the {@code http-url-connection} hook family, inlined into JDK classes: each body is
 * one call into {@link UrlConnectionRecorder} (on the bootstrap class path) and suppresses whatever it throws.
 * Method set after the OpenTelemetry agent's {@code http-url-connection} instrumentation (connect,
 * getOutputStream, getInputStream with a call-depth guard), following the returned stream as Glowroot
 * does, ending on {@code disconnect()} as the Elastic agent does, plus the transport and the socket
 * for the instants on the wire side of the JDK.
 */
final class UrlConnectionAdvice {
  private UrlConnectionAdvice() {}

  /** Adds the family's transformations to {@code builder} (the socket streams: {@code Installer}). */
  static AgentBuilder hooks(AgentBuilder builder) {
    return builder
        .type(named("sun.net.www.protocol.http.HttpURLConnection"))
        .transform(advice(ConnectionCall.class,
            isPublic().and(takesArguments(0)).and(named("connect").or(named("getOutputStream")))))
        .transform(advice(GetInputStream.class, isPublic().and(takesArguments(0)).and(named("getInputStream"))))
        .transform(advice(RequestNamed.class, named("writeRequests").and(takesArguments(0))))
        .transform(advice(Disconnect.class, isPublic().and(named("disconnect"))))
        .type(named("sun.net.www.http.HttpClient"))
        .transform(advice(OpenServer.class, named("openServer").and(takesArguments(0))))
        .transform(advice(RequestWrite.class, named("writeRequests")))
        .type(named("sun.net.www.protocol.http.HttpURLConnection$HttpInputStream"))
        .transform(advice(BodyRead.class, named("read")))
        .transform(advice(BodyClose.class, named("close").and(takesArguments(0))));
  }

  /** HttpURLConnection.connect() / getOutputStream(): the intended start. */
  static final class ConnectionCall {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object huc) {
      UrlConnectionRecorder.connectionCall(huc);
    }
  }

  /** HttpURLConnection.getInputStream(): intended start, then the reply stream or the failure. */
  static final class GetInputStream {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static boolean enter(@Advice.This Object huc) {
      UrlConnectionRecorder.connectionCall(huc);
      return UrlConnectionRecorder.getInputStreamEnter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter boolean outermost, @Advice.This HttpURLConnection huc,
        @Advice.Return InputStream stream, @Advice.FieldValue("responseCode") int responseCode,
        @Advice.Thrown Throwable thrown) {
      UrlConnectionRecorder.getInputStreamExit(outermost, huc, stream, responseCode, thrown);
    }
  }

  /** HttpURLConnection.writeRequests(): the request about to be written. */
  static final class RequestNamed {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This HttpURLConnection huc) {
      UrlConnectionRecorder.requestNamed(huc);
    }
  }

  /** HttpURLConnection.disconnect(). */
  static final class Disconnect {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object huc) {
      UrlConnectionRecorder.disconnect(huc);
    }
  }

  /** sun.net.www.http.HttpClient.openServer(): a new TCP connection. */
  static final class OpenServer {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter() {
      UrlConnectionRecorder.openServerEnter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.This Object client, @Advice.FieldValue("serverSocket") Socket socket,
        @Advice.Thrown Throwable thrown) {
      UrlConnectionRecorder.openServerExit(client, socket, thrown);
    }
  }

  /** sun.net.www.http.HttpClient.writeRequests(..): the exchange begins on this connection. */
  static final class RequestWrite {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object client, @Advice.FieldValue("serverSocket") Socket socket) {
      UrlConnectionRecorder.requestWriteEnter(client, socket);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit() {
      UrlConnectionRecorder.requestWriteExit();
    }
  }

  /** HttpURLConnection$HttpInputStream.read(..): end of stream ends the reply. */
  static final class BodyRead {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static boolean enter() {
      return UrlConnectionRecorder.bodyReadEnter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter boolean outermost, @Advice.This Object stream, @Advice.Return int n) {
      UrlConnectionRecorder.bodyReadExit(outermost, stream, n);
    }
  }

  /** HttpURLConnection$HttpInputStream.close(): the generator's close. */
  static final class BodyClose {
    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.This Object stream) {
      UrlConnectionRecorder.bodyClosed(stream);
    }
  }
}
