package io.crosscheck.sites;

import io.crosscheck.server.DemandExecutor;
import io.crosscheck.server.OrderedRequestHandler;
import io.crosscheck.server.PendingRequest;
import io.netty.channel.ChannelHandlerContext;
import java.io.PrintStream;
import java.util.SplittableRandom;

/**
 * One connection of an embedded site (the RUBiS auction site, the TPC-W bookstore): answers
 * requests strictly in order (pipelined ones wait), routes each, spends its interaction's sampled
 * service demand through the harness's {@link DemandExecutor} (503 when the CPU queue is full),
 * then renders and writes the page with Content-Length and the site's Server field, keeping the
 * connection open unless HTTP/1.0 or {@code Connection: close} asks otherwise. A request the codec
 * could not decode gets a 400. Order, pipelining queue and the connection's end are the harness's
 * {@link OrderedRequestHandler}'s; a site says how it routes, samples, renders and counts.
 *
 * <p>Not sharable: one instance per connection; the random source is the connection's own split
 * of the server's seeded source.
 *
 * @param <R> the site's route (what a request URI resolves to)
 * @param <I> the site's interaction (what demand, counters and the log are keyed by)
 */
public abstract class SiteHandler<R, I> extends OrderedRequestHandler {
  /** What a site's connections share besides the site itself. */
  public record Settings(String serverName, String serverHeader, DemandExecutor demandExecutor, int workers,
      int queueCapacity, PrintStream log) {}

  private final Settings settings;
  private final SplittableRandom random;

  protected SiteHandler(Settings settings, SplittableRandom random) {
    super(settings.log(), settings.serverName());
    this.settings = settings;
    this.random = random;
  }

  /** Where a request's URI leads. */
  protected abstract R route(String uri);

  /** The interaction a route serves. */
  protected abstract I interaction(R route);

  /** The interaction a malformed request is counted as. */
  protected abstract I malformedInteraction();

  /** The 400 reply's text for a request the codec could not decode. */
  protected abstract String malformedText();

  /** A service demand sampled for the interaction, nanoseconds. */
  protected abstract long demandNanos(I interaction, SplittableRandom random);

  /** The page of a route; may throw (a bug), which {@link #renderFailed} answers. */
  protected abstract PageReply render(R route);

  /** Counts a reply written (served, refused or failed alike). */
  protected abstract void served(I interaction, int status);

  /** Counts a request refused because every CPU worker was busy and the queue full. */
  protected abstract void rejected();

  /** How the log line names the interaction. */
  protected String logName(I interaction) {
    return String.valueOf(interaction);
  }

  /** The reply when rendering threw: a 500 naming the exception, never a stack trace. */
  protected PageReply renderFailed(PendingRequest request, RuntimeException e) {
    return PageReply.text(500, "internal server error: " + e + "\n");
  }

  /** The log, or null. */
  protected final PrintStream log() {
    return settings.log();
  }

  @Override
  protected final void start(ChannelHandlerContext ctx, PendingRequest request) {
    if (request.malformed()) {
      write(ctx, request, malformedInteraction(), PageReply.text(400, malformedText()), 0);
      return;
    }
    R route = route(request.uri());
    I interaction = interaction(route);
    long demandNanos = demandNanos(interaction, random);
    settings.demandExecutor().run(ctx.executor(), demandNanos,
        guarded(ctx, () -> reply(ctx, request, route, demandNanos)),
        () -> {
          rejected();
          write(ctx, request, interaction, PageReply.text(503, "server busy: all " + settings.workers()
              + " cpu workers busy and the queue of " + settings.queueCapacity() + " full\n"), demandNanos);
        });
  }

  private void reply(ChannelHandlerContext ctx, PendingRequest request, R route, long serviceNanos) {
    if (ended() || !ctx.channel().isActive()) {
      return;
    }
    PageReply reply;
    try {
      reply = render(route);
    } catch (RuntimeException e) {
      reply = renderFailed(request, e);
    }
    write(ctx, request, interaction(route), reply, serviceNanos);
  }

  private void write(ChannelHandlerContext ctx, PendingRequest request, I interaction, PageReply reply,
      long serviceNanos) {
    served(interaction, reply.status());
    PrintStream log = settings.log();
    if (log != null) {
      log.println(request.method() + " " + request.uri() + " " + reply.status() + " " + logName(interaction)
          + " bytes=" + reply.body().length + " serviceNanos=" + serviceNanos);
    }
    writeReply(ctx, request, reply.status(), reply.contentType(), reply.body(), settings.serverHeader());
  }
}
