-- The example consumer is demo code: it lives with the tests now, and its table leaves the product
-- schema (the tests create it from db/example).
DROP TABLE example_fulfilment;
