package io.payonce.server.webhook;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * What a webhook destination may be: an absolute http(s) URL of at most {@link #MAX_LENGTH}
 * characters, without user info or fragment, whose host is not (and does not resolve to) a
 * link-local, wildcard or multicast address — never a merchant's receiver, and link-local is where
 * clouds serve their instance metadata and credentials (169.254.169.254). With {@code
 * payonce.webhooks.refuse-private-addresses} also not loopback, private or unique-local, nor a name
 * that does not resolve. Checked when an order names its notifyUrl and again before every POST (the
 * address a name resolves to may have changed since).
 */
@Component
public class NotifyUrls {

  /** The longest URL a destination may have (the columns' width). */
  public static final int MAX_LENGTH = 512;

  private final boolean refusePrivate;

  @Autowired
  NotifyUrls(WebhookProperties props) {
    this(props.refusePrivateAddresses());
  }

  NotifyUrls(boolean refusePrivate) {
    this.refusePrivate = refusePrivate;
  }

  /** Why {@code url} may not be a destination, or empty when it may. */
  public Optional<String> problem(String url) {
    if (url.length() > MAX_LENGTH) {
      return Optional.of("must be at most " + MAX_LENGTH + " characters");
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      return Optional.of("must be an absolute http or https URL");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!uri.isAbsolute()
        || !(scheme.equals("http") || scheme.equals("https"))
        || uri.getHost() == null
        || uri.getRawUserInfo() != null
        || uri.getRawFragment() != null) {
      return Optional.of("must be an absolute http or https URL, without user info or fragment");
    }
    InetAddress[] addresses;
    try {
      addresses = InetAddress.getAllByName(uri.getHost());
    } catch (UnknownHostException e) {
      // A name that does not resolve cannot be posted to either: refused when refusing private
      // ones rather than guessed at; otherwise left to the attempt (a name inside the merchant's
      // network may resolve only there).
      return refusePrivate ? Optional.of(PRIVATE) : Optional.empty();
    }
    for (InetAddress address : addresses) {
      if (address.isLinkLocalAddress()
          || address.isAnyLocalAddress()
          || address.isMulticastAddress()) {
        return Optional.of("must not name a link-local, wildcard or multicast address");
      }
      if (refusePrivate
          && (address.isLoopbackAddress()
              || address.isSiteLocalAddress()
              || isUniqueLocal(address))) {
        return Optional.of(PRIVATE);
      }
    }
    return Optional.empty();
  }

  private static final String PRIVATE =
      "must not name a private, loopback or link-local address, nor a host that does not resolve";

  // IPv6 unique local addresses, fc00::/7: the IPv6 counterpart of 10/8 and 192.168/16.
  private static boolean isUniqueLocal(InetAddress address) {
    byte[] bytes = address.getAddress();
    return bytes.length == 16 && (bytes[0] & 0xfe) == 0xfc;
  }
}
