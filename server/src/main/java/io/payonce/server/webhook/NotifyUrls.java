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
 * characters, without user info or fragment; with {@code payonce.webhooks.refuse-private-addresses}
 * also not a host that is (or resolves to) a loopback, private, link-local, unique-local or
 * wildcard address. Checked when an order names its notifyUrl and again before every POST (the
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
    if (refusePrivate && isPrivate(uri.getHost())) {
      return Optional.of(
          "must not name a private, loopback or link-local address, nor a host that does not resolve");
    }
    return Optional.empty();
  }

  private static boolean isPrivate(String host) {
    try {
      for (InetAddress address : InetAddress.getAllByName(host)) {
        if (address.isLoopbackAddress()
            || address.isSiteLocalAddress()
            || address.isLinkLocalAddress()
            || address.isAnyLocalAddress()
            || address.isMulticastAddress()
            || isUniqueLocal(address)) {
          return true;
        }
      }
      return false;
    } catch (UnknownHostException e) {
      // A name that does not resolve cannot be posted to either; refuse rather than guess.
      return true;
    }
  }

  // IPv6 unique local addresses, fc00::/7: the IPv6 counterpart of 10/8 and 192.168/16.
  private static boolean isUniqueLocal(InetAddress address) {
    byte[] bytes = address.getAddress();
    return bytes.length == 16 && (bytes[0] & 0xfe) == 0xfc;
  }
}
