CREATE TABLE employees (employee_id INTEGER PRIMARY KEY, full_name VARCHAR, team VARCHAR, salary DOUBLE);
INSERT INTO employees VALUES (1, 'Ada Kim', 'Engineering', 120000), (2, 'Bea Lund', 'People', 90000), (3, 'Cai Moro', 'Engineering', 110000), (4, 'Dev Rao', 'Sales', 80000);
