package io.crosscheck.cli;

import io.crosscheck.model.spec.Problem;
import io.crosscheck.run.WanRun;
import io.crosscheck.wan.WanProfile;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code --wan}, shared by {@code run} and {@code audit}; the run behind the link is {@link WanRun}. */
final class WanOptions {
  @Option(names = "--wan", paramLabel = "PROFILE",
      description = "Put the target behind an emulated WAN link for this run: crosscheck starts the embedded"
          + " server (the generic one; --rubis: the RUBiS site; --tpcw: the bookstore) in a network namespace of"
          + " its own on 127.0.0.1:8080, the generator (and an audit's capture, on the link's interface) in"
          + " another, and forwards every frame between them with the profile's conditions. PROFILE: a name ("
          + "dsl, cable, 3g, 4g, satellite) and/or keys rtt=40ms,rate=10mbit (or up=/down=),loss=0.1%%,mtu=1400,"
          + " e.g. dsl,loss=1%%. Not with --target (an external server cannot be moved behind the link)."
          + " Needs root; the namespaces are removed after the run, also on failure, Ctrl-C and SIGTERM.")
  String profile;

  boolean requested() {
    return profile != null;
  }

  /**
   * The profile, after adding to {@code problems} everything {@code --wan} rules out on this command
   * line; null when there is no {@code --wan} or the profile is bad.
   */
  WanProfile check(CommandLine.ParseResult parsed, EngineOptionsMixin engine, List<Problem> problems) {
    if (profile == null) {
      return null;
    }
    WanProfile p = null;
    try {
      p = WanProfile.parse(profile);
    } catch (IllegalArgumentException e) {
      String m = e.getMessage();
      problems.add(Problem.stated("--wan", m.startsWith("--wan ") ? m.substring("--wan ".length()) : m));
    }
    if (parsed.hasMatchedOption("--target")) {
      problems.add(Problem.stated("--wan", "the link is put in front of the server crosscheck starts (the"
          + " embedded one: generic, --rubis or --tpcw), not an external --target ("
          + parsed.matchedOption("--target").getValue() + "): drop --target, or drop --wan"));
    }
    if (parsed.hasMatchedOption("--interface")) {
      problems.add(Problem.stated("--interface", "not with --wan: the capture is on the client namespace's link"
          + " interface, which --wan makes"));
    }
    for (String o : List.of("--shard", "--shards", "--start-at")) {
      if (parsed.hasMatchedOption(o)) {
        problems.add(Problem.stated(o, "not with --wan: one run behind one link"));
      }
    }
    if (parsed.hasMatchedOption("--source-addresses")) {
      problems.add(Problem.stated("--source-address", "not with --wan: the generator's address is the link's"
          + " client address (127.0.0.2)"));
    }
    if (parsed.hasMatchedOption("--jit-warm-up") && !"0".equals(engine.jitWarmUp.strip())) {
      problems.add(new Problem("--jit-warm-up", engine.jitWarmUp, "0 with --wan: the client namespace has no"
          + " loopback for the warm-up's in-process server"));
    }
    return p;
  }
}
