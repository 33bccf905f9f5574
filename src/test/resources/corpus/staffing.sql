CREATE TABLE employees (employee_id INTEGER PRIMARY KEY, full_name VARCHAR, division VARCHAR, salary DOUBLE);
INSERT INTO employees VALUES (1, 'Ada Kim', 'Research', 120000), (2, 'Bea Lund', 'People', 90000), (3, 'Cai Moro', 'Research', 110000), (4, 'Dev Rao', 'Legal', 80000);
