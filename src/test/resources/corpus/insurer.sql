CREATE TABLE policies (policy_id INTEGER PRIMARY KEY, started_on DATE, region VARCHAR, premium DECIMAL(10, 2), status VARCHAR);
INSERT INTO policies VALUES (1, '2025-01-10', 'north', 900, 'active'), (2, '2025-03-02', 'south', 1200, 'lapsed'), (3, '2025-06-20', 'north', 700, 'active');
CREATE TABLE claims (claim_id INTEGER PRIMARY KEY, policy_id INTEGER, filed_on DATE, status VARCHAR, amount DECIMAL(10, 2), intake VARCHAR, adjuster_id INTEGER);
INSERT INTO claims VALUES (1, 1, '2025-02-01', 'open', 300, 'post', 1), (2, 1, '2025-04-11', 'settled', 120, 'mail', 2), (3, 2, '2025-05-05', 'open', 800, 'post', 1),
  (4, 3, '2025-07-30', 'denied', 50, 'mail', 1);
CREATE TABLE adjusters (adjuster_id INTEGER PRIMARY KEY, name VARCHAR);
INSERT INTO adjusters VALUES (1, 'Ines Okafor'), (2, 'Tom Berg');
CREATE TABLE coverages (coverage_id INTEGER PRIMARY KEY, name VARCHAR);
INSERT INTO coverages VALUES (1, 'home'), (2, 'travel'), (3, 'pet');
CREATE TABLE payments (payment_id INTEGER PRIMARY KEY, claim_id INTEGER, paid_on DATE, amount DECIMAL(10, 2));
INSERT INTO payments VALUES (1, 2, '2025-04-20', 120), (2, 3, '2025-05-20', 400);
CREATE TABLE reserves (reserved_on DATE, claim_id INTEGER, amount DECIMAL(10, 2));
INSERT INTO reserves VALUES ('2025-02-01', 1, 300), ('2025-03-01', 1, 250), ('2025-05-01', 3, 800), ('2025-06-01', 3, 600);
CREATE TABLE travelers (traveler_id INTEGER PRIMARY KEY, checkin_on DATE);
INSERT INTO travelers VALUES (1, '2025-03-01'), (2, '2025-09-12');
CREATE TABLE quotes (quote_id INTEGER PRIMARY KEY, quoted_on DATE, outcome VARCHAR);
INSERT INTO quotes VALUES (1, '2025-01-05', 'accepted'), (2, '2025-02-07', 'rebuffed'), (3, '2025-03-09', 'accepted');
