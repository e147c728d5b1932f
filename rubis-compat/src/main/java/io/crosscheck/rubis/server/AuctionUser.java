package io.crosscheck.rubis.server;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * One registered user. Ids follow the RUBiS client's numbering: nickname {@code user<N>} has id
 * {@code N-1}, the number the client sends for that user. Everything but the rating is fixed;
 * the rating changes with comments (atomically). Instants are wall-clock epoch seconds.
 */
final class AuctionUser {
  final int id;
  final String firstname;
  final String lastname;
  final String nickname;
  final String password;
  final String email;
  final int regionId;
  final long creationEpochSeconds;
  private final AtomicInteger rating = new AtomicInteger();

  AuctionUser(int id, String firstname, String lastname, String nickname, String password, String email,
      int regionId, long creationEpochSeconds) {
    this.id = id;
    this.firstname = firstname;
    this.lastname = lastname;
    this.nickname = nickname;
    this.password = password;
    this.email = email;
    this.regionId = regionId;
    this.creationEpochSeconds = creationEpochSeconds;
  }

  int rating() {
    return rating.get();
  }

  void addRating(int delta) {
    rating.addAndGet(delta);
  }
}
