package io.payonce.server.apidoc.web;

import io.payonce.server.channel.PaymentProduct;
import io.payonce.server.channel.PaymentProducts;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes one operation per payment product: a route the code maps once with the channel as a path
 * variable ({@code /pay/{channel}/precreate}) is documented at each product's own path ({@code
 * /pay/alipay/precreate}, ...) with its own operation id and summary, as the product registry lists
 * them — so that a client generated from the document has a method per product, and a channel this
 * instance does not offer is not documented.
 */
final class ProductPaths {

  private static final String CHANNEL = PaymentProduct.CHANNEL;
  private static final String VARIABLE = "channel";

  private ProductPaths() {}

  static void expand(OpenAPI api, PaymentProducts products) {
    if (api.getPaths() == null) {
      return;
    }
    Paths expanded = new Paths();
    for (Map.Entry<String, PathItem> entry : api.getPaths().entrySet()) {
      List<PaymentProduct> each = productsAt(entry.getKey(), products);
      if (each == null) {
        expanded.addPathItem(entry.getKey(), entry.getValue());
        continue;
      }
      for (PaymentProduct product : each) {
        expanded.addPathItem(product.path(), forProduct(entry.getValue(), product));
      }
    }
    api.setPaths(expanded);
  }

  /** The products documented at a templated path, or null for a path of no product. */
  private static List<PaymentProduct> productsAt(String path, PaymentProducts products) {
    if (!path.contains(CHANNEL)) {
      return null;
    }
    List<PaymentProduct> found = new ArrayList<>();
    for (PaymentProduct product : products.all()) {
      if (path.replace(CHANNEL, product.channel().path()).equals(product.path())) {
        found.add(product);
      }
    }
    return found.isEmpty() ? null : found;
  }

  private static PathItem forProduct(PathItem template, PaymentProduct product) {
    PathItem item = new PathItem();
    template
        .readOperationsMap()
        .forEach((method, operation) -> item.operation(method, forProduct(operation, product)));
    return item;
  }

  private static Operation forProduct(Operation template, PaymentProduct product) {
    Operation operation =
        new Operation()
            .tags(template.getTags())
            .summary(named(template.getSummary(), product))
            .description(named(template.getDescription(), product))
            .externalDocs(template.getExternalDocs())
            .operationId(product.operationId())
            .requestBody(template.getRequestBody())
            .responses(template.getResponses())
            .callbacks(template.getCallbacks())
            .deprecated(template.getDeprecated())
            .security(template.getSecurity())
            .servers(template.getServers())
            .extensions(template.getExtensions());
    if (template.getParameters() != null) {
      template.getParameters().stream()
          .filter(p -> !("path".equals(p.getIn()) && VARIABLE.equals(p.getName())))
          .forEach(operation::addParametersItem);
    }
    return operation;
  }

  private static String named(String text, PaymentProduct product) {
    return text == null ? null : text.replace(CHANNEL, product.channelName());
  }
}
